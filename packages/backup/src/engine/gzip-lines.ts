// Gzips a spooled file of JSON lines into a buffer, and reads a gzip'd file's lines back.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * Level 1: about five times less CPU than zlib's default 6 for about 10% more bytes on these lines
 * (a 512-number vector as text is most of a backup), and a backup shares the service's cores.
 */
const GZIP_LEVEL = 1;

/** The whole file gzip'd in memory: one compressed table is what a backup holds at a time. */
export async function gzipFile(path: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(createReadStream(path), createGzip({ level: GZIP_LEVEL }), async (gzipped: AsyncIterable<Buffer>) => {
    for await (const chunk of gzipped) chunks.push(chunk);
  });
  return Buffer.concat(chunks);
}

/** The lines of a gzip'd file; a corrupt file rejects with zlib's own error. */
export async function* gunzipLines(file: Buffer): AsyncGenerator<string> {
  const lines = createInterface({ input: Readable.from([file]).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line !== '') yield line;
}

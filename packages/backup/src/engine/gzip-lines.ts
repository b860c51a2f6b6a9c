// Streams JSON lines into a gzip'd buffer and back, so no table is ever held uncompressed in memory whole.
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';

export interface GzipWriter {
  write(line: string): Promise<void>;
  finish(): Promise<Buffer>;
}

export function gzipWriter(): GzipWriter {
  const gzip = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  return {
    async write(line) {
      if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
    },
    async finish() {
      const ended = once(gzip, 'end');
      gzip.end();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}

/** The lines of a gzip'd file; a corrupt file rejects with zlib's own error. */
export async function* gunzipLines(file: Buffer): AsyncGenerator<string> {
  const lines = createInterface({ input: Readable.from([file]).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line !== '') yield line;
}

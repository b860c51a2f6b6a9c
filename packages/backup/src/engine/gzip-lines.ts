// Gzips a spooled file of JSON lines into another file, and reads a gzip'd file's lines back, both streamed.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * Level 1: about five times less CPU than zlib's default 6 for about 10% more bytes on these lines
 * (a 512-number vector as text is most of a backup), and a backup shares the service's cores.
 */
const GZIP_LEVEL = 1;

/** A file as written or read: its size and SHA-256 (hex). */
export interface Measured {
  bytes: number;
  sha256: string;
}

/**
 * Streamed from file to file, measured and hashed on the way: a backup holds no table in memory. Held
 * whole, the vectors' table of 100,000 memories (about 270 MB gzip'd) took the server past 1.2 GB.
 */
export async function gzipFile(from: string, to: string): Promise<Measured> {
  const tally = tallying();
  await pipeline(
    createReadStream(from),
    createGzip({ level: GZIP_LEVEL }),
    async function* measure(gzipped: AsyncIterable<Buffer>) {
      for await (const chunk of gzipped) yield tally.add(chunk);
    },
    createWriteStream(to, { flags: 'wx', mode: 0o600 }),
  );
  return tally.result();
}

/** A file's size and SHA-256, read as a stream. */
export async function measureFile(path: string): Promise<Measured> {
  const tally = tallying();
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) tally.add(chunk);
  return tally.result();
}

/** Counts and hashes the chunks handed to it (and hands each back), for both of the above. */
function tallying(): { add: (chunk: Buffer) => Buffer; result: () => Measured } {
  const hash = createHash('sha256');
  let bytes = 0;
  return {
    add(chunk) {
      hash.update(chunk);
      bytes += chunk.length;
      return chunk;
    },
    result: () => ({ bytes, sha256: hash.digest('hex') }),
  };
}

/** The lines of a gzip'd file, streamed from disk; a corrupt file rejects with zlib's own error. */
export async function* gunzipLines(path: string): AsyncGenerator<string> {
  const input = createReadStream(path);
  const gunzip = createGunzip();
  // A read error reaches the lines through the gunzip stream, which the reader below consumes.
  input.on('error', (err) => gunzip.destroy(err));
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  try {
    for await (const line of lines) if (line !== '') yield line;
  } finally {
    input.destroy();
  }
}

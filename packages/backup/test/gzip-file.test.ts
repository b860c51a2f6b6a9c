// A table's spool gzip'd file to file: the size and checksum the manifest records are the written file's own.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipLines, gzipFile, measureFile } from '../src/engine/gzip-lines';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-gzip-file-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('gzipFile', () => {
  it('writes the gzip of a file larger than one stream chunk, reporting its size and SHA-256 as written', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) =>
      JSON.stringify([
        String(i),
        `[${Array.from({ length: 8 }, (_, j) => (i * j) % 97).join(',')}]`,
      ]),
    );
    const from = join(dir, 'rows.jsonl');
    const to = join(dir, 'rows.jsonl.gz');
    await writeFile(from, `${lines.join('\n')}\n`);

    const result = await gzipFile(from, to);

    const written = await readFile(to);
    expect(result.bytes).toBe((await stat(to)).size);
    expect(result.bytes).toBeGreaterThan(64 * 1024);
    expect(result.sha256).toBe(createHash('sha256').update(written).digest('hex'));
    expect(gunzipSync(written).toString()).toBe(`${lines.join('\n')}\n`);
    const back: string[] = [];
    for await (const line of gunzipLines(to)) back.push(line);
    expect(back).toEqual(lines);
    expect(await measureFile(to)).toEqual(result);
  });

  it('refuses to write over a file that is already there', async () => {
    const from = join(dir, 'small.jsonl');
    const to = join(dir, 'taken.gz');
    await writeFile(from, '["1"]\n');
    await writeFile(to, 'someone else');
    await expect(gzipFile(from, to)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(to, 'utf8')).toBe('someone else');
  });
});

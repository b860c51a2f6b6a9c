// State is written like git writes refs, and a file that was truncated or replaced is told from one that grew.
import { appendFile, mkdtemp, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonFile, writeFileAtomic } from './atomic-file';
import { identify, isSameFile } from './identity';

const dir = () => mkdtemp(join(tmpdir(), 'svc-watcher-state-'));

describe('writeFileAtomic', () => {
  it('replaces the file whole, readable by the owner alone, and leaves no temp file', async () => {
    const d = await dir();
    const path = join(d, 'state.json');
    await writeFileAtomic(path, JSON.stringify({ n: 1 }));
    await writeFileAtomic(path, JSON.stringify({ n: 2 }));
    expect(await readJsonFile(path)).toEqual({ n: 2 });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(d)).toEqual(['state.json']);
    expect(await readJsonFile(join(d, 'missing.json'))).toBeUndefined();
  });
});

describe('file identity', () => {
  it('accepts a file that grew, refuses one truncated, rewritten or replaced', async () => {
    const d = await dir();
    const path = join(d, 's.jsonl');
    await writeFile(path, '{"a":1}\n');
    const known = await identify(path);
    await appendFile(path, '{"b":2}\n');
    expect(await isSameFile(path, known, known.size)).toBe(true);

    await writeFile(path, '{"a":1}\n'.slice(0, 3)); // truncated in place
    expect(await isSameFile(path, known, known.size)).toBe(false);

    await writeFile(path, '{"z":9}\n{"b":2}\n'); // rewritten in place, same inode, longer
    expect(await isSameFile(path, known, known.size)).toBe(false);

    const other = join(d, 'other.jsonl');
    await writeFile(other, '{"a":1}\n{"b":2}\n');
    await rename(other, path); // replaced by rename: same bytes, new inode
    expect(await isSameFile(path, known, known.size)).toBe(false);
  });
});

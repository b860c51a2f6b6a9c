// Database.appendLines: a read's rows written to a file as lines, on either driver.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlStateOf, type Database } from '../src/index';
import { openTestDatabase } from './support';

let database: Database;
let dir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'svc-append-lines-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('appendLines', () => {
  it("appends the read's rows after what the file holds, one a line, and answers how many", async () => {
    const path = join(dir, 'lines.jsonl');
    await writeFile(path, '["before"]\n');
    const read = `select array_to_json(array[i::text, 'tab\there', null])::text as line from generate_series(1, 3) as g(i) order by i`;
    expect(await database.appendLines(read, path)).toBe(3);
    expect(await readFile(path, 'utf8')).toBe('["before"]\n["1","tab\\there",null]\n["2","tab\\there",null]\n["3","tab\\there",null]\n');
  });

  it('leaves the file as it was when the read finds no row', async () => {
    const path = join(dir, 'empty.jsonl');
    await writeFile(path, '');
    expect(await database.appendLines('select i::text as line from generate_series(1, 0) as g(i)', path)).toBe(0);
    expect(await readFile(path, 'utf8')).toBe('');
  });

  it("refuses a failing read with the database's error and writes nothing", async () => {
    const path = join(dir, 'failed.jsonl');
    await writeFile(path, '');
    const failed = await database.appendLines('select line from no_such_table', path).catch((err: unknown) => err);
    expect(sqlStateOf(failed)).toBe('42P01');
    expect(await readFile(path, 'utf8')).toBe('');
  });
});

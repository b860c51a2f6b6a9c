// A read's rows appended to a file as lines in the caller's thread: Database.appendLines off the database thread, a cursor's batches.
import { appendFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../queries/rows';
import type { Executor } from './types';

/** `text` selects one text column named `line`; its rows go to `path`, one a line. */
export async function appendQueryLines(on: Executor, text: string, path: string): Promise<number> {
  const rows = rowsOf<{ line: string }>(await on.execute(sql.raw(text)));
  if (rows.length > 0) await appendFile(path, `${rows.map((row) => row.line).join('\n')}\n`);
  return rows.length;
}

// A read's rows appended to a file as lines, where no database thread can do it for the caller.
import { appendFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../queries/rows';
import type { Db } from './types';

/** `text` selects one text column named `line`; its rows go to `path`, one a line. */
export async function appendQueryLines(db: Db, text: string, path: string): Promise<number> {
  const rows = rowsOf<{ line: string }>(await db.execute(sql.raw(text)));
  if (rows.length > 0) await appendFile(path, `${rows.map((row) => row.line).join('\n')}\n`);
  return rows.length;
}

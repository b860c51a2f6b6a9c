// A loaded embedded store opened from a copy (the original, such as the fill cache's, stays as it was), and who owns its project.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, rowsOf, type Database } from '@svc/db';
import { sql } from 'drizzle-orm';

export interface StoreCopy {
  database: Database;
  /** Closes the database and deletes the copy. */
  close(): Promise<void>;
}

export async function openStoreCopy(dataDir: string, prefix: string): Promise<StoreCopy> {
  const copy = await mkdtemp(join(tmpdir(), `${prefix}-`));
  await cp(dataDir, copy, { recursive: true });
  const database = await openDatabase({ dataDir: copy, migrate: true });
  return {
    database,
    async close() {
      await database.close();
      await rm(copy, { recursive: true, force: true });
    },
  };
}

export interface ProjectOwner {
  user_id: string;
  project_id: string;
  scope_id: string;
}

/** The member of the project named `name` (the latency store's one project, or a load store's `load-<i>`). */
export async function projectOwner(database: Database, name: string): Promise<ProjectOwner> {
  const [owner] = rowsOf<ProjectOwner>(
    await database.db.execute(sql`select m.user_id, p.id as project_id, s.id as scope_id from projects p
      join project_members m on m.project_id = p.id join scopes s on s.project_id = p.id where p.name = ${name}`),
  );
  if (!owner) throw new Error(`no project named ${name} in this store`);
  return owner;
}

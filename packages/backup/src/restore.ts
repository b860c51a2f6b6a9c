// Restoring a stored backup into a migrated database: only an empty one, unless the caller forces it.
import type { Database } from '@svc/db';
import { fail } from '@svc/errors';
import { readManifest } from './create';
import { loadDatabase } from './engine/load';
import { parseBackupId } from './ids';
import { sha256, wholeChecksum } from './manifest';
import type { BackupTarget } from './targets/target';

export interface RestoreBackupOptions {
  database: Database;
  target: BackupTarget;
  id: string;
  /** Replace a database that holds data. Without it a non-empty database is refused (conflict). */
  force?: boolean;
}

export interface RestoreResult {
  id: string;
  tables: number;
  rows: number;
}

/** Each file is checked against the manifest as it is read; any mismatch rolls the whole restore back. */
export async function restoreBackup({ database, target, id, force = false }: RestoreBackupOptions): Promise<RestoreResult> {
  const manifest = await readManifest(target, parseBackupId(id));
  if (wholeChecksum(manifest.tables) !== manifest.sha256) {
    throw fail.conflict(`Backup ${manifest.id} is damaged (its manifest checksum does not match): run svc backup verify ${manifest.id}`);
  }
  await loadDatabase(database, manifest, {
    force,
    async readTable(table) {
      const file = await target.read(manifest.id, table.file);
      if (sha256(file) !== table.sha256) {
        throw fail.conflict(`Backup ${manifest.id} is damaged (${table.file} does not match its checksum): nothing was restored`);
      }
      return file;
    },
  });
  return { id: manifest.id, tables: manifest.tables.length, rows: manifest.tables.reduce((n, t) => n + t.rows, 0) };
}

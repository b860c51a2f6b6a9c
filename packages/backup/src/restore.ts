// Restoring a stored backup into a migrated database: only an empty one, unless the caller forces it.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '@svc/db';
import { fail } from '@svc/errors';
import { readManifest } from './create';
import { measureFile } from './engine/gzip-lines';
import { loadDatabase } from './engine/load';
import { withScratchDir } from './engine/scratch-dir';
import { parseBackupId } from './ids';
import { wholeChecksum } from './manifest';
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
  // Each table fetched to local disk, checked, loaded and removed: none is held in memory whole.
  await withScratchDir('svc-backup-restore-', (dir) =>
    loadDatabase(database, manifest, {
      force,
      async readTable(table, load) {
        const path = join(dir, table.file);
        try {
          await target.download(manifest.id, table.file, path);
          const file = await measureFile(path);
          if (file.bytes !== table.bytes || file.sha256 !== table.sha256) {
            throw fail.conflict(`Backup ${manifest.id} is damaged (${table.file} does not match its checksum): nothing was restored`);
          }
          await load(path);
        } finally {
          await rm(path, { force: true });
        }
      },
    }),
  );
  return { id: manifest.id, tables: manifest.tables.length, rows: manifest.tables.reduce((n, t) => n + t.rows, 0) };
}

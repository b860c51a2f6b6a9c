// Checks a stored backup against its manifest: every file's checksum, size, row count and row shape.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipLines, measureFile } from './engine/gzip-lines';
import { withScratchDir } from './engine/scratch-dir';
import { readManifest } from './create';
import { parseBackupId } from './ids';
import { wholeChecksum, type ManifestTable } from './manifest';
import type { BackupTarget } from './targets/target';

export interface VerifyResult {
  id: string;
  ok: boolean;
  tables: number;
  rows: number;
  problems: string[];
}

async function checkTable(target: BackupTarget, id: string, table: ManifestTable, dir: string): Promise<string[]> {
  const path = join(dir, table.file);
  try {
    await target.download(id, table.file, path);
  } catch (thrown) {
    return [`${table.file}: ${thrown instanceof Error ? thrown.message : String(thrown)}`];
  }
  try {
    const file = await measureFile(path);
    if (file.bytes !== table.bytes || file.sha256 !== table.sha256) {
      return [`${table.file}: checksum mismatch (the file changed after the backup was taken)`];
    }
    let rows = 0;
    try {
      for await (const line of gunzipLines(path)) {
        const row: unknown = JSON.parse(line);
        if (!Array.isArray(row) || row.length !== table.columns.length) return [`${table.file}: row ${rows + 1} is malformed`];
        rows++;
      }
    } catch (thrown) {
      return [`${table.file}: unreadable (${thrown instanceof Error ? thrown.message : String(thrown)})`];
    }
    return rows === table.rows ? [] : [`${table.file}: ${rows} rows where the manifest says ${table.rows}`];
  } finally {
    await rm(path, { force: true });
  }
}

/** A problem is reported, not thrown: the caller says which backups are sound. A missing backup is not_found. */
export async function verifyBackup({ target, id }: { target: BackupTarget; id: string }): Promise<VerifyResult> {
  const manifest = await readManifest(target, parseBackupId(id));
  const problems: string[] = [];
  if (wholeChecksum(manifest.tables) !== manifest.sha256) problems.push('manifest: the overall checksum does not match its tables');
  // One table on local disk at a time, never in memory: at 100,000 memories the vectors' file is about 270 MB.
  await withScratchDir('svc-backup-verify-', async (dir) => {
    for (const table of manifest.tables) problems.push(...(await checkTable(target, manifest.id, table, dir)));
  });
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  return { id: manifest.id, ok: problems.length === 0, tables: manifest.tables.length, rows, problems };
}

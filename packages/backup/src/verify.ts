// Checks a stored backup against its manifest: every file's checksum, size, row count and row shape.
import { gunzipLines } from './engine/gzip-lines';
import { readManifest } from './create';
import { parseBackupId } from './ids';
import { sha256, wholeChecksum, type ManifestTable } from './manifest';
import type { BackupTarget } from './targets/target';

export interface VerifyResult {
  id: string;
  ok: boolean;
  tables: number;
  rows: number;
  problems: string[];
}

async function checkTable(target: BackupTarget, id: string, table: ManifestTable): Promise<string[]> {
  let file: Buffer;
  try {
    file = await target.read(id, table.file);
  } catch (thrown) {
    return [`${table.file}: ${thrown instanceof Error ? thrown.message : String(thrown)}`];
  }
  if (file.length !== table.bytes || sha256(file) !== table.sha256) {
    return [`${table.file}: checksum mismatch (the file changed after the backup was taken)`];
  }
  let rows = 0;
  try {
    for await (const line of gunzipLines(file)) {
      const row: unknown = JSON.parse(line);
      if (!Array.isArray(row) || row.length !== table.columns.length) return [`${table.file}: row ${rows + 1} is malformed`];
      rows++;
    }
  } catch (thrown) {
    return [`${table.file}: unreadable (${thrown instanceof Error ? thrown.message : String(thrown)})`];
  }
  return rows === table.rows ? [] : [`${table.file}: ${rows} rows where the manifest says ${table.rows}`];
}

/** A problem is reported, not thrown: the caller says which backups are sound. A missing backup is not_found. */
export async function verifyBackup({ target, id }: { target: BackupTarget; id: string }): Promise<VerifyResult> {
  const manifest = await readManifest(target, parseBackupId(id));
  const problems: string[] = [];
  if (wholeChecksum(manifest.tables) !== manifest.sha256) problems.push('manifest: the overall checksum does not match its tables');
  for (const table of manifest.tables) problems.push(...(await checkTable(target, manifest.id, table)));
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  return { id: manifest.id, ok: problems.length === 0, tables: manifest.tables.length, rows, problems };
}

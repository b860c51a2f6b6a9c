// Taking a backup, and reading what a target holds: the functions the CLI and the jobs call.
import type { Database } from '@svc/db';
import { dumpDatabase } from './engine/dump';
import { newBackupId } from './ids';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  decodeManifest,
  encodeManifest,
  MANIFEST_FILE,
  wholeChecksum,
  type BackupReason,
  type Manifest,
} from './manifest';
import type { BackupTarget } from './targets/target';

export interface BackupSummary {
  id: string;
  createdAt: Date;
  reason: BackupReason;
  tables: number;
  rows: number;
  bytes: number;
  /** Set when the manifest cannot be read: the backup is listed (and pruned) but not trusted. */
  problem?: string;
}

export interface CreateBackupOptions {
  database: Database;
  target: BackupTarget;
  now: Date;
  reason: BackupReason;
  /** A job's cap: checked between batches of rows, and an aborted backup is removed like a failed one. */
  signal?: AbortSignal;
}

function summarize(manifest: Manifest): BackupSummary {
  return {
    id: manifest.id,
    createdAt: new Date(manifest.createdAt),
    reason: manifest.reason,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
    bytes: manifest.tables.reduce((n, t) => n + t.bytes, 0),
  };
}

/** A failed backup leaves nothing in the target and rethrows, so the caller can raise its alarm. */
export async function createBackup({ database, target, now, reason, signal }: CreateBackupOptions): Promise<BackupSummary> {
  const id = newBackupId(now, reason);
  const writer = target.open(id);
  try {
    const dump = await dumpDatabase(database, writer, signal);
    signal?.throwIfAborted();
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      id,
      createdAt: now.toISOString(),
      reason,
      source: { driver: database.kind, postgres: dump.postgres },
      migration: dump.migration,
      tables: dump.tables,
      sha256: wholeChecksum(dump.tables),
    };
    await writer.commit(encodeManifest(manifest));
    return summarize(manifest);
  } catch (thrown) {
    await writer.abort().catch(() => undefined);
    throw thrown;
  }
}

export async function readManifest(target: BackupTarget, id: string): Promise<Manifest> {
  return decodeManifest(id, await target.read(id, MANIFEST_FILE));
}

/** The time encoded in the id, for a backup whose manifest cannot be read. */
export function idTime(id: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(id);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : new Date(0);
}

/** Newest first. */
export async function listBackups(target: BackupTarget): Promise<BackupSummary[]> {
  const ids = await target.list();
  const summaries = await Promise.all(
    ids.map(async (id): Promise<BackupSummary> => {
      try {
        return summarize(await readManifest(target, id));
      } catch (thrown) {
        const problem = thrown instanceof Error ? thrown.message : String(thrown);
        const reason = (/-(daily|deploy|manual)-/.exec(id)?.[1] ?? 'manual') as BackupReason;
        return { id, createdAt: idTime(id), reason, tables: 0, rows: 0, bytes: 0, problem };
      }
    }),
  );
  return summaries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
}

/** When the newest readable backup was taken, or null when the target holds none (for the staleness alarm). */
export async function latestBackupAt(target: BackupTarget): Promise<Date | null> {
  const newest = (await listBackups(target)).find((b) => b.problem === undefined);
  return newest ? newest.createdAt : null;
}

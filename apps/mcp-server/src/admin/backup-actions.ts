// Administrative actions on backups: taken by whichever process holds the data, stored where its configuration says.
import { createBackup, listBackups, verifyBackup, type BackupSummary } from '@svc/backup';
import type { Database } from '@svc/db';
import { fail } from '@svc/errors';
import { z } from 'zod';
import { backupTarget } from '../backup/target';
import { parseEnv } from '../env';

export const backupCreateArgs = z.object({});
export const backupListArgs = z.object({});
export const backupVerifyArgs = z.object({ id: z.string().min(1).max(100) });

const size = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** The holder's own settings decide the target: a server asked through its channel stores where it always does. */
export async function backupCreate(db: Database): Promise<string> {
  const target = await backupTarget(parseEnv());
  const made = await createBackup({ database: db, target, now: new Date(), reason: 'manual' });
  return `created ${made.id} in ${target.description}: ${made.tables} tables, ${made.rows} rows, ${size(made.bytes)}`;
}

function line(b: BackupSummary): string {
  const cells = [b.id, b.createdAt.toISOString(), b.reason, `${b.tables} tables`, `${b.rows} rows`, size(b.bytes)];
  return b.problem === undefined ? cells.join('  ') : `${b.id}  unreadable: ${b.problem}`;
}

export async function backupList(): Promise<string> {
  const target = await backupTarget(parseEnv());
  const all = await listBackups(target);
  if (all.length === 0) return `no backups in ${target.description}`;
  return [`${all.length} backups in ${target.description}, newest first:`, ...all.map(line)].join('\n');
}

/** A backup that fails verification is a refusal (exit status 1), naming each problem. */
export async function backupVerify(_db: Database, args: z.infer<typeof backupVerifyArgs>): Promise<string> {
  const result = await verifyBackup({ target: await backupTarget(parseEnv()), id: args.id });
  if (!result.ok) throw fail.conflict(`Backup ${result.id} failed verification: ${result.problems.join('; ')}`);
  return `ok ${result.id}: ${result.tables} tables, ${result.rows} rows, every checksum matches`;
}

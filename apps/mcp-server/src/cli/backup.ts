// `svc backup create | list | verify ID | restore ID`: backups of the configured database.
import { restoreBackup } from '@svc/backup';
import { openDatabase } from '@svc/db';
import { fail } from '@svc/errors';
import type { Command } from 'commander';
import { backupTarget } from '../backup/target';
import { databaseOptions } from '../database-options';
import { parseEnv, type Env } from '../env';
import { connectLocalChannel } from '../local/channel-client';
import { isDataDirLocked } from '../local/data-dir-locked';
import { isSharableDataDir } from '../local/socket-path';
import { runAction } from './run-action';

const STOP_FIRST = 'stop the server (or svc stdio) that holds it, then run svc backup restore again';

/**
 * A restore replaces data, so it never goes through a running holder: on the embedded default it
 * needs the data directory to itself, and anywhere it needs an empty database unless forced.
 */
async function restore(env: Env, id: string, force: boolean): Promise<string> {
  if (!env.DATABASE_URL && isSharableDataDir(env.DATA_DIR) && (await connectLocalChannel(env.DATA_DIR))) {
    throw fail.conflict(`A running process holds ${env.DATA_DIR}: ${STOP_FIRST}`);
  }
  const target = await backupTarget(env);
  const database = await openDatabase(databaseOptions(env)).catch((thrown: unknown) => {
    if (isDataDirLocked(thrown)) throw fail.conflict(`Another process holds ${env.DATA_DIR}: ${STOP_FIRST}`);
    throw thrown;
  });
  try {
    const done = await restoreBackup({ database, target, id, force });
    return `restored ${done.id} from ${target.description}: ${done.tables} tables, ${done.rows} rows`;
  } finally {
    await database.close();
  }
}

export function registerBackupCommands(program: Command): void {
  const backup = program.command('backup').description('Back up and restore the whole database (BACKUP_DIR or BACKUP_S3_*)');
  backup
    .command('create')
    .description('Take a backup now (through the running server when one holds the data)')
    .action(async () => {
      console.log(await runAction(parseEnv(), 'backup.create', {}));
    });
  backup
    .command('list')
    .description('List stored backups, newest first')
    .action(async () => {
      console.log(await runAction(parseEnv(), 'backup.list', {}));
    });
  backup
    .command('verify <id>')
    .description("Check a backup's files against its manifest (checksums, row counts); exits 1 when one fails")
    .action(async (id: string) => {
      console.log(await runAction(parseEnv(), 'backup.verify', { id }));
    });
  backup
    .command('restore <id>')
    .description('Restore a backup into an empty database (the embedded one only while no server holds it)')
    .option('--force', 'replace the data a non-empty database holds')
    .action(async (id: string, opts: { force?: boolean }) => {
      console.log(await restore(parseEnv(), id, opts.force ?? false));
    });
}

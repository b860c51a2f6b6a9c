// Runs an administrative action: through the process that holds the embedded data, or on the database here.
import { openDatabase, type Database } from '@svc/db';
import { runAdminAction, type AdminActionName, type AdminArgs } from '../admin/actions';
import { databaseOptions } from '../database-options';
import type { Env } from '../env';
import { connectLocalChannel, runRemoteAdmin } from '../local/channel-client';
import { isDataDirLocked, sleep } from '../local/data-dir-locked';
import { isSharableDataDir } from '../local/socket-path';

/** A brief holder (another command) lets go within this; a server answers on its channel at once. */
const LOCKED_RETRIES = 20;
const LOCKED_RETRY_MS = 250;

async function runHere(env: Env, name: AdminActionName, args: unknown): Promise<string> {
  // `migrate` opens without migrating so that it is the action itself that reports the outcome.
  const database: Database = await openDatabase({ ...databaseOptions(env), migrate: name !== 'migrate' });
  try {
    return await runAdminAction(database, name, args);
  } finally {
    await database.close();
  }
}

export async function runAction<N extends AdminActionName>(env: Env, name: N, args: AdminArgs<N>): Promise<string> {
  if (env.DATABASE_URL || !isSharableDataDir(env.DATA_DIR)) return runHere(env, name, args);
  for (let attempt = 0; ; attempt++) {
    const channel = await connectLocalChannel(env.DATA_DIR);
    if (channel) return runRemoteAdmin(channel, name, args);
    try {
      return await runHere(env, name, args);
    } catch (thrown) {
      // The holder may be a server still starting, or another command about to finish.
      if (!isDataDirLocked(thrown) || attempt >= LOCKED_RETRIES) throw thrown;
      await sleep(LOCKED_RETRY_MS);
    }
  }
}

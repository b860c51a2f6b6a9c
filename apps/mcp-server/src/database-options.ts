// Which database the configuration names: the server at DATABASE_URL, else the embedded one in DATA_DIR.
import type { OpenDatabaseOptions } from '@svc/db';
import type { Env } from './env';

export function databaseOptions(env: Env): OpenDatabaseOptions {
  if (!env.DATABASE_URL) return { dataDir: env.DATA_DIR };
  return env.DATABASE_POOL_MAX === undefined ? { url: env.DATABASE_URL } : { url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX };
}

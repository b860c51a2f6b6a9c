// Where a latency run stores its memories: an embedded data directory, or a scratch database on a PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '@svc/db';
import { sql } from 'drizzle-orm';
import { prepareDataDir, removeDataDir, seedProjects, type StoreLocation } from '../shared/svc-client';

export const PROJECT = 'latency';

export interface Backend {
  /** Short name in the side-by-side tables (`embedded`, `PostgreSQL`, `in-thread model`). */
  readonly name: string;
  readonly label: string;
  /** Extra environment for `svc stdio` on this backend. */
  readonly serverEnv?: Record<string, string>;
  /** What `svc stdio` is given to open this same database. */
  readonly location: StoreLocation;
  /** Mutable: a store restored from the fill cache brings the project id of the run that made it. */
  projectId: string;
  /** The embedded store's data directory (what a fill cache copies). */
  readonly dataDir?: string;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

/**
 * On-disk PGlite in a temporary directory, as `svc` uses by default; `serverEnv` varies the server
 * (the in-thread model baseline runs with EMBEDDINGS_WORKER_THREADS=0, the in-thread database one
 * with DATABASE_WORKER_THREAD=0).
 */
export async function embeddedBackend(
  variant: { name: string; label: string; serverEnv?: Record<string, string> } = {
    name: 'embedded',
    label: 'embedded, on-disk PGlite',
  },
): Promise<Backend> {
  const { dataDir, projects } = await prepareDataDir([PROJECT]);
  return {
    ...variant,
    location: { DATA_DIR: dataDir },
    projectId: projects.get(PROJECT)!,
    dataDir,
    // The in-process drivers open the store themselves: the database thread follows the variant too.
    open: () => openDatabase({ dataDir, workerThread: variant.serverEnv?.DATABASE_WORKER_THREAD !== '0' }),
    // `svc stdio` stores its after-deploy backup beside the data directory.
    dispose: () => removeDataDir(dataDir),
  };
}

/** Runs `statement` on the server named by `url` (its own database), outside any transaction. */
async function onServer(url: string, statement: string): Promise<void> {
  const admin = await openDatabase({ url, migrate: false, poolMax: 1 });
  try {
    await admin.db.execute(sql.raw(statement));
  } finally {
    await admin.close();
  }
}

/**
 * A database of the run's own beside the one `serverUrl` names (so a run never writes into data it
 * did not make, and two runs start alike), migrated as the server does; dropped by `dispose`.
 */
export async function postgresBackend(serverUrl: string): Promise<Backend> {
  const name = `svc_latency_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const drop = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  try {
    const database = await openDatabase({ url });
    let projects: Map<string, string>;
    try {
      projects = await seedProjects(database, [PROJECT]);
    } finally {
      await database.close();
    }
    return {
      name: 'postgres',
      label: `PostgreSQL at ${target.host}`,
      location: { DATABASE_URL: url },
      projectId: projects.get(PROJECT)!,
      open: () => openDatabase({ url, migrate: false }),
      dispose: drop,
    };
  } catch (err) {
    await drop();
    throw err;
  }
}

// Writes every table of the database as gzip'd JSON lines from one consistent snapshot.
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { appendQueryLines, inDatabaseLane, rowsOf, type Database, type Tx } from '@svc/db';
import type { ManifestTable, MigrationLevel } from '../manifest';
import type { BackupWriter } from '../targets/target';
import { columnList, qualified, quoted, readCatalog, type CatalogTable } from './catalog';
import { gzipFile } from './gzip-lines';
import { migrationLevel, postgresVersion } from './migration-level';
import { withScratchDir } from './scratch-dir';

const FETCH_ROWS = 1000;

export interface DumpResult {
  tables: ManifestTable[];
  migration: MigrationLevel;
  postgres: string;
}

/** A table's rows as read in the snapshot, waiting in a file to be compressed. */
interface Spooled {
  table: CatalogTable;
  path: string;
  rows: number;
}

/**
 * Each row is one JSON array of its columns' text forms (null stays null): every type, vectors and
 * enums included, comes back exactly through its own input function, on either driver.
 */
function lineQuery(table: CatalogTable, from: string, tail: string): string {
  const values = table.columns.map((c) => `${quoted(c.name)}::text`).join(', ');
  // An array rather than json_build_array, whose 100-argument limit a wide table would reach.
  return `select array_to_json(array[${values}]::text[])::text as line from ${from} ${tail}`;
}

const keyOrder = (table: CatalogTable): string => `order by ${table.primaryKey.length > 0 ? table.primaryKey.map(quoted).join(', ') : '1'}`;

const rowQuery = (table: CatalogTable): string => lineQuery(table, qualified(table.name), keyOrder(table));

/**
 * A cursor keeps memory flat however large the table: the driver never holds more than a batch, and
 * each batch goes to the spool file in one write. Compressing here instead would keep the snapshot's
 * transaction open while zlib works (about 300 ms a batch of vectors at gzip's default level), and on
 * the embedded database that transaction holds the only connection.
 */
async function spoolTable(tx: Tx, table: CatalogTable, path: string, signal?: AbortSignal): Promise<Spooled> {
  let rows = 0;
  await writeFile(path, '');
  await tx.execute(sql.raw(`declare svc_backup_rows no scroll cursor for ${rowQuery(table)}`));
  for (;;) {
    signal?.throwIfAborted();
    const fetched = await appendQueryLines(tx, `fetch forward ${FETCH_ROWS} from svc_backup_rows`, path);
    rows += fetched;
    if (fetched < FETCH_ROWS) break;
  }
  await tx.execute(sql.raw('close svc_backup_rows'));
  return { table, path, rows };
}

/**
 * The embedded default's one connection serves every query, and waits while the snapshot is open:
 * there each table is copied as it is (a temporary table, in primary-key order) inside the snapshot
 * and turned into text after it. At 100,000 memories the copies take about 1.7 s where the text forms
 * took about 10 s (7.5 of them the vectors'), and afterwards other queries run between batches.
 */
const COPY_PAGES = 8;

const copyName = (run: string, i: number): string => `pg_temp.svc_backup_${run}_${i}`;

async function prepareCopies(db: Database['db'], run: string, catalog: CatalogTable[]): Promise<void> {
  for (const [i, table] of catalog.entries()) {
    const columns = columnList(table);
    await db.execute(sql.raw(`create temporary table ${copyName(run, i)} as select ${columns} from ${qualified(table.name)} with no data`));
  }
}

async function copyTable(tx: Tx, table: CatalogTable, copy: string): Promise<void> {
  const columns = columnList(table);
  await tx.execute(sql.raw(`insert into ${copy} select ${columns} from ${qualified(table.name)} ${keyOrder(table)}`));
}

/**
 * A few pages of the copy a statement, each one short unit of the database thread in its background
 * lane: it runs when no call has for 10 ms (or has waited a second), so the service's calls go first.
 * In the bulk lane, back to back, they took every other turn of the thread from the calls: at 100k
 * the after-deploy backup's text forms (about 30 s) doubled recall's time while they ran.
 */
async function spoolCopy(database: Database, table: CatalogTable, copy: string, path: string, signal?: AbortSignal): Promise<Spooled> {
  await writeFile(path, '');
  const [size] = rowsOf<{ pages: number }>(
    await database.db.execute(sql.raw(`select (pg_relation_size('${copy}') / current_setting('block_size')::int)::int as pages`)),
  );
  let rows = 0;
  for (let first = 0; first < (size?.pages ?? 0); first += COPY_PAGES) {
    signal?.throwIfAborted();
    const range = `where ctid >= '(${first},0)'::tid and ctid < '(${first + COPY_PAGES},0)'::tid order by ctid`;
    rows += await inDatabaseLane('background', () => database.appendLines(lineQuery(table, copy, range), path));
  }
  return { table, path, rows };
}

async function putTable({ table, path, rows }: Spooled, writer: BackupWriter): Promise<ManifestTable> {
  const file = `${table.name}.jsonl.gz`;
  const gzipped = { path: `${path}.gz`, ...(await gzipFile(path, `${path}.gz`)) };
  await rm(path, { force: true });
  await writer.put(file, gzipped);
  await rm(gzipped.path, { force: true });
  return { name: table.name, file, columns: table.columns, rows, bytes: gzipped.bytes, sha256: gzipped.sha256 };
}

/**
 * Read-only and repeatable-read: every table is seen as of one instant while writers carry on. The
 * rows are spooled to temporary files (as much disk as the database's rows as text), on a server
 * during the snapshot and on the embedded default from its copies after it, and compressed after it
 * has ended.
 */
export async function dumpDatabase(database: Database, writer: BackupWriter, signal?: AbortSignal): Promise<DumpResult> {
  const embedded = database.kind === 'embedded';
  const run = randomBytes(6).toString('hex');
  const catalog = await readCatalog(database.db);
  return withScratchDir('svc-backup-spool-', async (spool) => {
    try {
      if (embedded) await prepareCopies(database.db, run, catalog);
      const read = await database.db.transaction(
        async (tx) => {
          const spooled: Spooled[] = [];
          for (const [i, table] of catalog.entries()) {
            signal?.throwIfAborted();
            if (embedded) await copyTable(tx, table, copyName(run, i));
            else spooled.push(await spoolTable(tx, table, join(spool, `${i}.jsonl`), signal));
          }
          return { spooled, migration: await migrationLevel(tx), postgres: await postgresVersion(tx) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const spooled = read.spooled;
      for (const [i, table] of embedded ? catalog.entries() : []) {
        spooled.push(await spoolCopy(database, table, copyName(run, i), join(spool, `${i}.jsonl`), signal));
      }
      const tables: ManifestTable[] = [];
      for (const table of spooled) {
        signal?.throwIfAborted();
        tables.push(await putTable(table, writer));
      }
      return { tables, migration: read.migration, postgres: read.postgres };
    } finally {
      if (embedded) {
        for (const i of catalog.keys()) await database.db.execute(sql.raw(`drop table if exists ${copyName(run, i)}`)).catch(() => undefined);
      }
    }
  });
}

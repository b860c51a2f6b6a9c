// Writes every table of the database as gzip'd JSON lines from one consistent snapshot.
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Tx } from '@svc/db';
import type { ManifestTable, MigrationLevel } from '../manifest';
import type { BackupWriter } from '../targets/target';
import { qualified, quoted, readCatalog, type CatalogTable } from './catalog';
import { gzipFile } from './gzip-lines';
import { migrationLevel, postgresVersion } from './migration-level';

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
function rowQuery(table: CatalogTable): string {
  const values = table.columns.map((c) => `${quoted(c.name)}::text`).join(', ');
  const order = table.primaryKey.length > 0 ? table.primaryKey.map(quoted).join(', ') : '1';
  // An array rather than json_build_array, whose 100-argument limit a wide table would reach.
  return `select array_to_json(array[${values}]::text[])::text as line from ${qualified(table.name)} order by ${order}`;
}

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
    const batch = rowsOf<{ line: string }>(await tx.execute(sql.raw(`fetch forward ${FETCH_ROWS} from svc_backup_rows`)));
    if (batch.length > 0) await appendFile(path, `${batch.map((row) => row.line).join('\n')}\n`);
    rows += batch.length;
    if (batch.length < FETCH_ROWS) break;
  }
  await tx.execute(sql.raw('close svc_backup_rows'));
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
 * rows are spooled to temporary files (as much disk as the database's rows as text) during the
 * snapshot and compressed after it has ended.
 */
export async function dumpDatabase(database: Database, writer: BackupWriter, signal?: AbortSignal): Promise<DumpResult> {
  const spool = await mkdtemp(join(tmpdir(), 'svc-backup-spool-'));
  try {
    const read = await database.db.transaction(
      async (tx) => {
        const catalog = await readCatalog(tx);
        const spooled: Spooled[] = [];
        for (const [i, table] of catalog.entries()) spooled.push(await spoolTable(tx, table, join(spool, `${i}.jsonl`), signal));
        return { spooled, migration: await migrationLevel(tx), postgres: await postgresVersion(tx) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const tables: ManifestTable[] = [];
    for (const table of read.spooled) {
      signal?.throwIfAborted();
      tables.push(await putTable(table, writer));
    }
    return { tables, migration: read.migration, postgres: read.postgres };
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
}

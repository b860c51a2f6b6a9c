// Writes every table of the database as gzip'd JSON lines from one consistent snapshot.
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Tx } from '@svc/db';
import type { ManifestTable, MigrationLevel } from '../manifest';
import { sha256 } from '../manifest';
import type { BackupWriter } from '../targets/target';
import { qualified, quoted, readCatalog, type CatalogTable } from './catalog';
import { gzipWriter } from './gzip-lines';
import { migrationLevel, postgresVersion } from './migration-level';

const FETCH_ROWS = 1000;

export interface DumpResult {
  tables: ManifestTable[];
  migration: MigrationLevel;
  postgres: string;
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

async function dumpTable(tx: Tx, table: CatalogTable, writer: BackupWriter, signal?: AbortSignal): Promise<ManifestTable> {
  const file = `${table.name}.jsonl.gz`;
  const gzip = gzipWriter();
  let rows = 0;
  // A cursor keeps memory flat however large the table: the driver never holds more than a batch.
  await tx.execute(sql.raw(`declare svc_backup_rows no scroll cursor for ${rowQuery(table)}`));
  for (;;) {
    signal?.throwIfAborted();
    const batch = rowsOf<{ line: string }>(await tx.execute(sql.raw(`fetch forward ${FETCH_ROWS} from svc_backup_rows`)));
    for (const row of batch) await gzip.write(row.line);
    rows += batch.length;
    if (batch.length < FETCH_ROWS) break;
  }
  await tx.execute(sql.raw('close svc_backup_rows'));
  const body = await gzip.finish();
  await writer.put(file, body);
  return { name: table.name, file, columns: table.columns, rows, bytes: body.length, sha256: sha256(body) };
}

/** Read-only and repeatable-read: every table is seen as of one instant while writers carry on. */
export async function dumpDatabase(database: Database, writer: BackupWriter, signal?: AbortSignal): Promise<DumpResult> {
  return database.db.transaction(
    async (tx) => {
      const catalog = await readCatalog(tx);
      const tables: ManifestTable[] = [];
      for (const table of catalog) tables.push(await dumpTable(tx, table, writer, signal));
      return { tables, migration: await migrationLevel(tx), postgres: await postgresVersion(tx) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

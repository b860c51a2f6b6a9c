// Loads a backup into a migrated database in one transaction: all of it or nothing.
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '@svc/db';
import { fail, ServiceError } from '@svc/errors';
import type { Manifest, ManifestTable } from '../manifest';
import { columnList, loadOrder, qualified, readCatalog, type CatalogTable } from './catalog';
import { gunzipLines } from './gzip-lines';
import { migrationLevel } from './migration-level';
import { resetSequences, setUserTriggers, tablesWithRows } from './load-steps';

/** Staged in batches of about this many bytes of JSON, then inserted in one statement per table. */
const BATCH_BYTES = 4 * 1024 * 1024;

export interface LoadOptions {
  /** Replace whatever the database holds; without it only an empty database is restored into. */
  force: boolean;
  /** Fetches the table's file, checks it, and calls `load` with its local path (gone once this ends). */
  readTable(table: ManifestTable, load: (path: string) => Promise<void>): Promise<void>;
}

function checkShape(manifest: Manifest, catalog: CatalogTable[]): void {
  const byName = new Map(catalog.map((t) => [t.name, t]));
  for (const table of manifest.tables) {
    const here = byName.get(table.name);
    const same = here && JSON.stringify(here.columns) === JSON.stringify(table.columns);
    if (!same) throw fail.conflict(`Backup ${manifest.id}: table ${table.name} does not match this database's schema`);
  }
}

async function stage(tx: Tx, lines: string[]): Promise<void> {
  await tx.execute(sql`insert into svc_restore_stage (line) select value from jsonb_array_elements(${`[${lines.join(',')}]`}::jsonb)`);
}

/**
 * Staging first and one INSERT … SELECT per table: a row that references another row of its own
 * table is checked at the end of that statement, whatever order the rows come in.
 */
async function loadTable(tx: Tx, table: ManifestTable, file: string, hasIdentityAlways: boolean): Promise<void> {
  let batch: string[] = [];
  let bytes = 0;
  for await (const line of gunzipLines(file)) {
    batch.push(line);
    bytes += line.length;
    if (bytes >= BATCH_BYTES) {
      await stage(tx, batch);
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) await stage(tx, batch);
  const columns = columnList(table);
  const values = table.columns.map((c, i) => `(line->>${i})::${c.type}`).join(', ');
  const overriding = hasIdentityAlways ? ' overriding system value' : '';
  const inserted = await tx.execute(
    sql.raw(`insert into ${qualified(table.name)} (${columns})${overriding} select ${values} from svc_restore_stage`),
  );
  await tx.execute(sql.raw('truncate svc_restore_stage'));
  // node-postgres reports rowCount, PGlite affectedRows.
  const { rowCount, affectedRows } = inserted as { rowCount?: number | null; affectedRows?: number };
  const count = rowCount ?? affectedRows;
  if (count !== undefined && count !== table.rows) {
    throw new ServiceError('internal', `Backup restore: ${table.name} took ${count} rows where the manifest says ${table.rows}`);
  }
}

export async function loadDatabase(database: Database, manifest: Manifest, opts: LoadOptions): Promise<void> {
  await database.db.transaction(async (tx) => {
    const level = await migrationLevel(tx);
    if (level.hash !== manifest.migration.hash) {
      throw fail.conflict(
        `Backup ${manifest.id} was taken at migration ${manifest.migration.id} and this database is at ${level.id}: restore with the service version that took it, then upgrade`,
      );
    }
    const catalog = await readCatalog(tx);
    checkShape(manifest, catalog);
    const occupied = await tablesWithRows(tx, catalog);
    if (occupied.length > 0 && !opts.force) {
      throw fail.conflict(
        `The database is not empty (rows in ${occupied.slice(0, 5).join(', ')}${occupied.length > 5 ? ', …' : ''}): restore only into an empty database, or pass --force to replace its data`,
      );
    }
    if (occupied.length > 0) {
      await tx.execute(sql.raw(`truncate ${catalog.map((t) => qualified(t.name)).join(', ')} restart identity cascade`));
    }
    // The backup already holds what triggers derive (search documents, projects of memories).
    await setUserTriggers(tx, 'disable');
    await tx.execute(sql.raw('create temporary table svc_restore_stage (line jsonb not null) on commit drop'));
    const byName = new Map(manifest.tables.map((t) => [t.name, t]));
    const identity = new Map(catalog.map((t) => [t.name, t.hasIdentityAlways]));
    for (const name of loadOrder(catalog.filter((t) => byName.has(t.name)))) {
      const table = byName.get(name)!;
      await opts.readTable(table, (path) => loadTable(tx, table, path, identity.get(name) ?? false));
    }
    await setUserTriggers(tx, 'enable');
    await resetSequences(tx);
  });
}

// What a logical backup covers, read from the catalog: the tables of `public`, their columns and foreign keys.
import { sql } from 'drizzle-orm';
import { rowsOf as rowsIn, type Executor } from '@svc/db';

export interface TableColumn {
  name: string;
  /** `format_type` of the column: the cast that turns its text form back into a value. */
  type: string;
}

export interface CatalogTable {
  name: string;
  /** Stored columns only: generated columns are derived again by the database on restore. */
  columns: TableColumn[];
  primaryKey: string[];
  /** `generated always as identity` columns need OVERRIDING SYSTEM VALUE to take the backed-up value. */
  hasIdentityAlways: boolean;
  /** Tables this one references (itself included when it does). */
  references: string[];
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;
export const qualified = (table: string): string => `public.${quote(table)}`;
export const quoted = quote;
/** The table's backed-up columns, quoted, in order: `"a", "b"`. */
export const columnList = (table: { columns: readonly { name: string }[] }): string => table.columns.map((c) => quote(c.name)).join(', ');

async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsIn<T>(await db.execute(query));
}

/**
 * Plain and partitioned tables, never partitions themselves: a partitioned table's rows are read
 * and written through its parent, which routes each row to whatever partitions the target has.
 */
export async function readCatalog(db: Executor): Promise<CatalogTable[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  const columns = await rowsOf<{ table: string; name: string; type: string; identity: string }>(
    db,
    sql`select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
               a.attidentity as identity
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const keys = await rowsOf<{ table: string; name: string }>(
    db,
    sql`select c.relname as table, a.attname as name
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        cross join lateral unnest(i.indkey) with ordinality as k(attnum, pos)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where n.nspname = 'public' and i.indisprimary order by c.relname, k.pos`,
  );
  const fks = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select distinct ch.relname as child, pa.relname as parent
        from pg_constraint k join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
        join pg_namespace n on n.oid = ch.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and k.conparentid = 0`,
  );
  return tables.map(({ name }) => {
    const own = columns.filter((c) => c.table === name);
    return {
      name,
      columns: own.map((c) => ({ name: c.name, type: c.type })),
      primaryKey: keys.filter((k) => k.table === name).map((k) => k.name),
      hasIdentityAlways: own.some((c) => c.identity === 'a'),
      references: fks.filter((f) => f.child === name).map((f) => f.parent),
    };
  });
}

/**
 * Parents before children, so every foreign key finds its row. A table referencing itself is fine
 * (it is loaded in one statement, checked at its end); a cycle across tables is not expected in
 * this schema and is refused rather than restored half-checked.
 */
export function loadOrder(tables: CatalogTable[]): string[] {
  const names = new Set(tables.map((t) => t.name));
  const pending = new Map(tables.map((t) => [t.name, new Set(t.references.filter((r) => r !== t.name && names.has(r)))]));
  const order: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter(([, deps]) => deps.size === 0).map(([name]) => name).sort();
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among ${[...pending.keys()].join(', ')}`);
    for (const name of ready) {
      order.push(name);
      pending.delete(name);
      for (const deps of pending.values()) deps.delete(name);
    }
  }
  return order;
}

// The catalog-driven steps around a restore: emptiness, user triggers, and sequences.
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@svc/db';
import { qualified, quoted, type CatalogTable } from './catalog';

export async function tablesWithRows(tx: Tx, catalog: CatalogTable[]): Promise<string[]> {
  const occupied: string[] = [];
  for (const table of catalog) {
    const found = rowsOf(await tx.execute(sql.raw(`select 1 from ${qualified(table.name)} limit 1`)));
    if (found.length > 0) occupied.push(table.name);
  }
  return occupied;
}

/** User triggers only (never the foreign-key checks): ALTER TABLE is transactional, so a failed restore leaves them on. */
export async function setUserTriggers(tx: Tx, to: 'enable' | 'disable'): Promise<void> {
  const result = await tx.execute(
    sql`select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal`,
  );
  for (const { name } of rowsOf<{ name: string }>(result)) {
    await tx.execute(sql.raw(`alter table ${qualified(name)} ${to} trigger user`));
  }
}

/** Each sequence a column owns (serial or identity) continues after the largest restored value. */
export async function resetSequences(tx: Tx): Promise<void> {
  const result = await tx.execute(
    sql`select s.relname as seq, t.relname as tbl, a.attname as col
        from pg_depend d join pg_class s on s.oid = d.objid and s.relkind = 'S'
        join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        join pg_namespace n on n.oid = s.relnamespace
        where n.nspname = 'public' and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')`,
  );
  for (const { seq, tbl, col } of rowsOf<{ seq: string; tbl: string; col: string }>(result)) {
    await tx.execute(
      sql.raw(`select setval('${qualified(seq).replaceAll("'", "''")}', coalesce((select max(${quoted(col)}) from ${qualified(tbl)}), 0) + 1, false)`),
    );
  }
}

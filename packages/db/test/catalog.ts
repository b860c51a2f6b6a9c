// A fingerprint of what the migrations create, to compare a database before and after re-running them.
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/index';

const QUERIES = {
  tables: sql`select concat_ws(':', c.relname, c.relkind::text, c.relrowsecurity::text) as item from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`,
  indexes: sql`select concat_ws(':', indexname, indexdef) as item from pg_indexes where schemaname = 'public' order by 1`,
  policies: sql`select concat_ws(':', tablename || '.' || policyname, cmd, qual, with_check) as item
    from pg_policies where schemaname = 'public' order by 1`,
  functions: sql`select concat(p.proname, '(', pg_get_function_identity_arguments(p.oid), '):', md5(p.prosrc)) as item
    from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname like 'svc\\_%' order by 1`,
  triggers: sql`select concat(tgrelid::regclass::text, '.', tgname) as item from pg_trigger where not tgisinternal order by 1`,
  grants: sql`select concat_ws(':', grantee, table_name, privilege_type) as item from information_schema.role_table_grants
    where grantee in ('svc_authenticated', 'svc_anon') order by 1`,
  columnGrants: sql`select concat_ws(':', grantee, table_name || '.' || column_name, privilege_type) as item
    from information_schema.column_privileges where grantee in ('svc_authenticated', 'svc_anon') order by 1`,
  migrations: sql`select count(*)::text as item from drizzle.__drizzle_migrations`,
};

export type Catalog = Record<keyof typeof QUERIES, string[]>;

export async function readCatalog(database: Database): Promise<Catalog> {
  const entries = await Promise.all(
    Object.entries(QUERIES).map(async ([key, query]) => {
      const rows = rowsOf<{ item: string }>(await database.db.execute(query));
      return [key, rows.map((row) => row.item)] as const;
    }),
  );
  return Object.fromEntries(entries) as Catalog;
}

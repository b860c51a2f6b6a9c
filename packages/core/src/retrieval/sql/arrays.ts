// Array parameters built element by element, so neither driver's array serialisation matters.
import { fail } from '@svc/errors';
import { sql, type SQL } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** Each id is checked first: one malformed id would otherwise fail the whole statement. */
export function uuidArray(values: readonly string[]): SQL {
  for (const id of values) {
    if (!UUID.test(id)) throw fail.validation('expected a uuid', { id });
  }
  if (values.length === 0) return sql`'{}'::uuid[]`;
  return sql`array[${sql.join(
    values.map((v) => sql`${v}::uuid`),
    sql`, `,
  )}]`;
}

/** A SQL string literal for DDL-like positions that take no bind parameter. */
export function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * A row count written into the statement, not bound: a generic plan (see `hnswSettings`) that
 * does not know its LIMIT sorts every vector instead of reading the HNSW index.
 */
export function limitLiteral(rows: number): SQL {
  if (!Number.isSafeInteger(rows) || rows < 0) throw fail.validation('expected a row count', { rows });
  return sql.raw(String(rows));
}

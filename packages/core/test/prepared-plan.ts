// The plan a statement gets through PREPARE and EXECUTE, as the database thread runs a search's statements.
import { rowsOf, type Database, type UserContext } from '@svc/db';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/** A bound parameter as a literal of unknown type, which EXECUTE casts to the parameter's. */
const literal = (value: unknown) => (value === null ? 'null' : `'${String(value).replace(/'/g, "''")}'`);

/** `EXPLAIN (COSTS OFF)` of `statement` prepared and executed as `who` under `settings` (such as a generic plan's). */
export async function preparedPlan(
  database: Database,
  who: UserContext,
  statement: SQL,
  settings?: Readonly<Record<string, string>>,
): Promise<string> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return database.asUser(
    who,
    async (tx) => {
      await tx.execute(sql.raw(`prepare statement_under_test as ${text}`));
      const execute = `execute statement_under_test(${params.map(literal).join(', ')})`;
      const lines = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql.raw(`explain (costs off) ${execute}`)));
      await tx.execute(sql`deallocate statement_under_test`);
      return lines.map((l) => l['QUERY PLAN']).join('\n');
    },
    settings,
  );
}

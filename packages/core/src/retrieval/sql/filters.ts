// The WHERE conditions both legs share, on `memories m` and on the searched collection `d`.
import { sql, type SQL } from 'drizzle-orm';
import type { SearchFilters } from '../types';
import { textArray, uuidArray } from './arrays';

/** Retired = invalidated; superseded = some later memory links to it as predecessor. */
const VALID = sql`m.invalidated_at is null
  and not exists (select 1 from memory_supersedes s where s.predecessor_id = m.id)`;

/**
 * Conditions on the memory row. Row-level security has already limited `m` to what the caller
 * may read; these only narrow further.
 */
export function memoryConditions(filters: SearchFilters): SQL {
  const parts: SQL[] = [scopeCondition(filters, sql`m.scope_id`)];
  if (!filters.includeRetired) parts.push(VALID);
  if (filters.kinds && filters.kinds.length > 0) {
    parts.push(sql`m.kind::text = any(${textArray(filters.kinds)})`);
  }
  if (filters.tags && filters.tags.length > 0)
    parts.push(sql`m.tags @> ${textArray(filters.tags)}`);
  if (filters.loopState) parts.push(sql`m.loop_state::text = ${filters.loopState}`);
  if (filters.since) {
    parts.push(
      sql`coalesce(m.event_at, m.created_at) >= ${filters.since.toISOString()}::timestamptz`,
    );
  }
  if (filters.until) {
    parts.push(
      sql`coalesce(m.event_at, m.created_at) <= ${filters.until.toISOString()}::timestamptz`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * Scope and project restriction on any `scope_id` column. The BM25 collection statistics use it
 * alone: like Lucene's, they describe the searched collection, not the filtered hits.
 */
export function scopeCondition(filters: SearchFilters, column: SQL): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.scopeIds) parts.push(sql`${column} = any(${uuidArray(filters.scopeIds)})`);
  if (filters.projectIds) {
    parts.push(
      sql`${column} in (select sc.id from scopes sc where sc.project_id = any(${uuidArray(filters.projectIds)}))`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** The tables of counts kept per scope and owner (migrations 0036, 0039). */
type CountsTable = 'memory_search_totals' | 'memory_search_words';

/**
 * The rows of `table` the searched collection's statistics and size are read from, narrowed by
 * `narrow` (on the alias `c`), as a subquery. Under row-level security a lookup reaches every row
 * its index range holds and filters them by the tables' rule (the caller as owner, or a scope the
 * caller reads): for a search naming no scope that range was every user's rows of a word. So
 * there the rule is spelled as two ranges, the caller's own rows (the owner index, migration 0041)
 * and the rows others own in the scopes the caller reads (the key's scope column), which the
 * embedded database's plan made once for all searches (a generic plan) reads by index too, where
 * it read a word's whole range expecting a few rows. The rows are the rule's rows.
 */
export function countsRows(table: CountsTable, filters: SearchFilters, narrow: SQL = sql`true`): SQL {
  const from = sql.raw(`${table} c`);
  if (filters.scopeIds || filters.projectIds) {
    return sql`(select c.* from ${from} where ${scopeCondition(filters, sql`c.scope_id`)} and ${narrow})`;
  }
  return sql`(select c.* from ${from} where c.owner_id = (select svc_uid()) and ${narrow}
    union all
    select c.* from ${from} where c.scope_id = any((select svc_readable_scope_ids())::uuid[])
      and c.owner_id <> (select svc_uid()) and ${narrow})`;
}

/**
 * The scopes argument of svc_search_doc_matches and svc_search_doc_fields: null for every visible scope, else the scope
 * ids, narrowed to the projects' scopes when projects are given (scopes is under row-level
 * security, so only readable ones come back).
 */
export function scopeArgument(filters: SearchFilters): SQL {
  if (!filters.projectIds)
    return filters.scopeIds ? uuidArray(filters.scopeIds) : sql`null::uuid[]`;
  const within = filters.scopeIds ? sql` and sc.id = any(${uuidArray(filters.scopeIds)})` : sql``;
  return sql`array(select sc.id from scopes sc where sc.project_id = any(${uuidArray(filters.projectIds)})${within})`;
}

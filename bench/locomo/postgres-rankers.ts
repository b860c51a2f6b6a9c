// Postgres's own rankers, for the ablation: what BM25 is measured against.
import { ftsRetriever, type RecallHit } from '@svc/core';
import { rowsOf, type Tx } from '@svc/db';
import { sql } from 'drizzle-orm';

/** The retriever the server is assembled with until hybrid search is wired in: ts_rank_cd over an any-word query. */
export function ftsRank(tx: Tx, query: string, scopeId: string, k: number): Promise<RecallHit[]> {
  return ftsRetriever.search(tx, { query, k, scopeIds: [scopeId], includeRetired: false });
}

/** ts_rank over an any-word query: the fair comparison with BM25, which also ORs the words. */
export async function tsRank(tx: Tx, query: string, scopeId: string, k: number): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with q as (select replace(plainto_tsquery('english', ${query})::text, '&', '|')::tsquery as tsq)
      select m.id from memories m, q
      where m.scope_id = ${scopeId}::uuid and m.tsv @@ q.tsq
      order by ts_rank(m.tsv, q.tsq) desc, m.created_at desc
      limit ${k}`),
  );
  return rows.map((r) => r.id);
}

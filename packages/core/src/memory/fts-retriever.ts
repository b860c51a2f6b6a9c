// A plain full-text retriever (Postgres ts_rank_cd): the simplest ranker that honours every filter.
import { and, arrayContains, desc, gte, inArray, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import { memories, memorySupersedes } from '@svc/db';
import type { RecallQuery, Retriever } from './retriever';

export function filterConditions(q: RecallQuery): SQL[] {
  const when = sql`coalesce(${memories.eventAt}, ${memories.createdAt})`;
  const conditions: (SQL | undefined)[] = [
    q.scopeIds ? inArray(memories.scopeId, q.scopeIds) : undefined,
    q.kinds?.length ? inArray(memories.kind, q.kinds as (typeof memories.kind.enumValues)[number][]) : undefined,
    q.tags?.length ? arrayContains(memories.tags, q.tags) : undefined,
    q.loopState ? sql`${memories.loopState} = ${q.loopState}` : undefined,
    q.since ? gte(when, q.since) : undefined,
    q.until ? lte(when, q.until) : undefined,
    q.includeRetired ? undefined : isNull(memories.invalidatedAt),
    q.includeRetired
      ? undefined
      : notExists(sql`(select 1 from ${memorySupersedes} where ${memorySupersedes.predecessorId} = ${memories.id})`),
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

export const ftsRetriever: Retriever = {
  async search(tx, q) {
    // Any query term may match (OR): a natural-language question rarely shares every word with the answer.
    const query = sql`replace(plainto_tsquery('english', ${q.query})::text, ' & ', ' | ')::tsquery`;
    const rank = sql<number>`ts_rank_cd(${memories.tsv}, ${query}, 32)`;
    const rows = await tx
      .select({ id: memories.id, rank })
      .from(memories)
      .where(and(sql`${memories.tsv} @@ ${query}`, ...filterConditions(q)))
      .orderBy(desc(rank), desc(memories.createdAt))
      .limit(q.k);
    return rows.map((r) => ({ memoryId: r.id, score: Math.min(1, Math.max(0, Number(r.rank))), why: 'Matched words of the query.' }));
  },
};

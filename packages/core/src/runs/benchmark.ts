// A retrieval benchmark over the owner's own memories: recall@k, MRR and latency of the live ranker.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { ToolOutput } from '@svc/contract';
import { memories } from '@svc/db';
import type { MemoryDeps } from '../memory/deps';

export interface BenchmarkParams {
  queries?: { query: string; expected_ids: string[] }[];
  k: number;
  scopeIds: string[] | null;
}

type BenchmarkResult = NonNullable<ToolOutput<'benchmark_memory'>['result']>;
export const SAMPLE_SIZE = 50;

/**
 * Without a test set, each sampled memory is asked for by half of its longer words: a query that
 * shares some wording with the answer, as a person's later question does, but not all of it.
 */
export function queryFromContent(content: string): string {
  const words = content.split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, '')).filter((w) => w.length >= 4);
  return words.filter((_, i) => i % 2 === 0).slice(0, 12).join(' ') || content.slice(0, 80);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runBenchmark(deps: MemoryDeps, ownerId: string, params: BenchmarkParams): Promise<BenchmarkResult> {
  const actor = { userId: ownerId, aal: 'aal2' as const };
  const queries =
    params.queries ??
    (
      await deps.database.asUser(actor, (tx) =>
        tx
          .select({ id: memories.id, content: memories.content })
          .from(memories)
          .where(and(eq(memories.ownerId, ownerId), isNull(memories.invalidatedAt), params.scopeIds ? inArray(memories.scopeId, params.scopeIds) : undefined))
          .orderBy(desc(memories.importance), desc(memories.createdAt))
          .limit(SAMPLE_SIZE),
      )
    ).map((m) => ({ query: queryFromContent(m.content), expected_ids: [m.id] }));
  const latencies: number[] = [];
  let recallSum = 0;
  let rrSum = 0;
  for (const q of queries) {
    const started = performance.now();
    const prepared = await deps.retriever.prepare?.(q.query);
    const hits = await deps.database.asUser(actor, (tx) =>
      deps.retriever.search(tx, { query: q.query, k: params.k, scopeIds: params.scopeIds, includeRetired: false }, prepared),
    );
    latencies.push(performance.now() - started);
    const ranked = hits.map((h) => h.memoryId);
    const expected = new Set(q.expected_ids);
    recallSum += ranked.filter((id) => expected.has(id)).length / expected.size;
    const first = ranked.findIndex((id) => expected.has(id));
    rrSum += first >= 0 ? 1 / (first + 1) : 0;
  }
  const n = queries.length;
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    queries: n,
    k: params.k,
    recall_at_k: n ? round(recallSum / n) : 0,
    mrr: n ? round(rrSum / n) : 0,
    latency_ms: { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? 0) },
  };
}

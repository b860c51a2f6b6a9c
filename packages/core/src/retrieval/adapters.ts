// Plugs hybrid search into the memory operations' interfaces: recall's Retriever, remember's indexer, find_similar's finder.
import { rowsOf, sendsAtOnce } from '@svc/db';
import type { MemoryKind } from '@svc/contract';
import type { Embedder } from '@svc/embeddings';
import { timed } from '@svc/observability';
import type { SimilarityFinder } from '../library/similarity';
import type { MemoryIndexer } from '../memory/deps';
import type { RecallQuery, Retriever } from '../memory/retriever';
import type { RetrievalDeps } from './deps';
import { findSimilar, NEAR_DUPLICATE_SIMILARITY } from './find-similar';
import { hybridSearch, planSearch, startPlan, type SearchPlan, type StartedPlan } from './hybrid-search';
import { embedQuery, type EmbeddedQuery } from './query-embedding';
import { hnswSettings } from './sql/query-terms';
import { storeAndNearStatement, type NearRow } from './sql/similar';
import { storeEmbeddings, storeEmbeddingsStatement } from './store-embeddings';
import { DEFAULT_TUNING } from './tuning';
import type { HybridSearchOptions } from './types';

/** How many near-duplicates remember reports at most. */
const NEAR_DUPLICATES_MAX = 5;
const PREVIEW_CHARS = 200;
/**
 * hnsw.ef_search of remember's near-duplicate search: half pgvector's default. At 40 the planner
 * costs the index above sorting every vector of a collection of 1,000 and reads them all (3.5 ms
 * a search against 1.6 through the index); at 100,000 the two cost alike (2.8 / 2.6 ms).
 */
export const NEAR_DUPLICATE_EF_SEARCH = 20;

/** A recall query as hybrid search's options. */
function searchOptions(q: RecallQuery): HybridSearchOptions {
  return {
    query: q.query,
    k: q.k,
    scopeIds: q.scopeIds ?? undefined,
    kinds: q.kinds as MemoryKind[] | undefined,
    tags: q.tags,
    loopState: q.loopState,
    includeRetired: q.includeRetired,
    since: q.since,
    until: q.until,
  };
}

/**
 * recall's ranker. `prepare` embeds the query outside any transaction, so the model never holds
 * the (single-connection embedded) database; without it the query is embedded inside. `plan`
 * lets a caller run the words' statistics while the model works (`SearchPlan`).
 */
export function hybridRetriever(deps: RetrievalDeps): Retriever {
  return {
    prepare: (query) => embedQuery(deps.embedder, query, deps.logger),
    // Sent before the caller's reads only where they then travel together (`sendsAtOnce`).
    startPlan: (tx, text, genericPlans) => (sendsAtOnce(tx) ? startPlan(tx, text, deps, genericPlans) : undefined),
    plan: (tx, q, afterAnswer, started) => planSearch(tx, searchOptions(q), deps, afterAnswer, started as StartedPlan | undefined),
    searchSettings: (genericPlans) => hnswSettings((deps.tuning ?? DEFAULT_TUNING).efSearch, genericPlans),
    search: (tx, q, prepared, planned, settingsMade) =>
      hybridSearch(
        tx,
        {
          ...searchOptions(q),
          // null: prepared and found no vector (lexical only); undefined: embed here.
          ...(prepared !== undefined && { queryVector: (prepared as EmbeddedQuery | null)?.vector ?? null }),
        },
        deps,
        planned as SearchPlan | undefined,
        settingsMade,
      ),
  };
}

async function embedDocument(
  embedder: Embedder,
  text: string,
  deps: RetrievalDeps,
): Promise<Float32Array> {
  const [vector] = await timed(
    deps.logger,
    'document_embedding',
    () => embedder.embed([text], 'document'),
    {
      model: embedder.model,
      count: 1,
    },
  );
  return vector ?? new Float32Array();
}

/** remember's and import_memory's indexer: the vector is computed before the write transaction. */
export function hybridIndexer(deps: RetrievalDeps & { embedder: Embedder }): MemoryIndexer {
  const { embedder } = deps;
  return {
    prepare: (text) => embedDocument(embedder, text, deps),
    async store(tx, memoryId, prepared) {
      await storeEmbeddings(tx, embedder.model, [{ memoryId, vector: prepared as Float32Array }]);
    },
    // Near-duplicates are the few closest vectors (cosine ≥ 0.9), not a ranked list to fill: a
    // short candidate list finds them, at less than half the cost of recall's at 100,000 memories
    // (6 → 3 ms a search); the iterative scan still fills a small scope.
    nearSettings: () => hnswSettings(Math.min(NEAR_DUPLICATE_EF_SEARCH, (deps.tuning ?? DEFAULT_TUNING).efSearch)),
    async storeNear(tx, { memoryId, scopeId, prepared, alongside }) {
      const vector = prepared as Float32Array;
      const statement = storeAndNearStatement(
        storeEmbeddingsStatement(embedder.model, [{ memoryId, vector }]),
        { model: embedder.model, vector },
        { scopeIds: [scopeId] },
        NEAR_DUPLICATES_MAX,
        memoryId,
        PREVIEW_CHARS,
        alongside,
      );
      return rowsOf<NearRow>(await tx.execute(statement))
        .map((r) => ({ id: r.memory_id, similarity: Math.min(1, Math.max(0, Number(r.similarity))), content: r.content }))
        .filter((d) => d.similarity >= NEAR_DUPLICATE_SIMILARITY);
    },
  };
}

/** find_similar_memory's finder: vectors when an embedder is configured, shared words otherwise. */
export function hybridFinder(deps: RetrievalDeps): SimilarityFinder {
  const embedder = deps.embedder;
  return {
    kind: embedder ? 'vector' : 'lexical',
    prepare: async (text) => (embedder ? embedDocument(embedder, text, deps) : text),
    find: (tx, prepared, q) =>
      findSimilar(
        tx,
        {
          text: q.text,
          vector: embedder ? (prepared as Float32Array) : undefined,
          k: q.k,
          minSimilarity: q.minSimilarity,
          scopeIds: q.scopeIds ?? undefined,
          includeRetired: q.includeRetired,
          excludeId: q.excludeId,
        },
        deps,
      ),
  };
}

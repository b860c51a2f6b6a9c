// Where a search spends its time, stage by stage, for the latency bench and the server's metrics.

/**
 * `embedding`: the query vector (model or cache); `lexical_plan`: the query's terms and their
 * collection statistics; `vector_wait`: how long recall, having planned its words while the query
 * was embedded, still waited for the vector (the part of `embedding` the overlap did not hide);
 * `candidates`: the one statement running both legs (BM25F and HNSW);
 * `fusion`: scoring and ordering in process; `conversation`: the best candidates' neighbours'
 * cosines and whether they ask, and their scores again (nothing to do without a vector);
 * `explain`: each hit's `why`; `results`: loading the hits' memories and shaping them for the tool.
 */
export const SEARCH_STAGES = ['embedding', 'lexical_plan', 'vector_wait', 'candidates', 'fusion', 'conversation', 'explain', 'results'] as const;
export type SearchStage = (typeof SEARCH_STAGES)[number];

export type SearchStageListener = (stage: SearchStage, ms: number) => void;

const listeners = new Set<SearchStageListener>();

/**
 * Process-wide, like a metrics registry: searches run deep below the tool handlers, and no caller
 * should thread a recorder through every signature to learn where time goes. Returns the
 * unsubscribe function.
 */
export function onSearchStage(listener: SearchStageListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function recordSearchStage(stage: SearchStage, ms: number): void {
  for (const listener of listeners) listener(stage, ms);
}

/** Laps from its creation: `lap(stage)` records the time since the previous lap as that stage. */
export function stageClock(): { lap(stage: SearchStage): void } {
  let last = performance.now();
  return {
    lap(stage) {
      const now = performance.now();
      if (listeners.size > 0) recordSearchStage(stage, now - last);
      last = now;
    },
  };
}

// Public API of retrieval: hybrid search, indexing (vectors), background re-embedding and similarity.
export { hybridSearch, planSearch, type SearchPlan } from './hybrid-search';
export { onSearchStage, recordSearchStage, SEARCH_STAGES, type SearchStage, type SearchStageListener } from './search-stages';
export { clearStatsCache, STATS_CACHE_MIN_DOCS } from './collection-stats';
export { lexicalScores, type LexicalScore } from './lexical-scores';
export { embedQuery, type EmbeddedQuery } from './query-embedding';
export { embedDocuments, embedMemories, indexMemories, type IndexTarget } from './embed-memories';
export { reembedMissing, type ReembedOptions, type ReembedReport } from './reembed';
export { fillEmbeddingScopes } from './embedding-scopes';
export { findSimilar, NEAR_DUPLICATE_SIMILARITY } from './find-similar';
export { storeEmbeddings, type MemoryVector } from './store-embeddings';
export { rrfFusion, scoreFusion, compareRanked, type Signals, type FusionContext } from './fusion';
export {
  DEFAULT_TUNING,
  FUSION_METHODS,
  resolveTuning,
  retrievalTuningSchema,
  type FusionMethod,
  type RetrievalTuning,
  type RetrievalTuningInput,
} from './tuning';
export type { RetrievalDeps } from './deps';
export type {
  SearchFilters,
  RetrievalMode,
  HybridSearchOptions,
  HybridSearchResult,
  SimilarMemory,
  SimilarOptions,
} from './types';
export { hybridFinder, hybridIndexer, hybridRetriever } from './adapters';

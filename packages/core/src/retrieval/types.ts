// The shapes hybrid search takes and returns; the tool handlers map the wire onto these.
import type { MemoryKind } from '@svc/contract';

export type RetrievalMode = 'hybrid' | 'keyword' | 'semantic';

/** What narrows the searched memories; row-level security has already narrowed to the caller's. */
export interface SearchFilters {
  /** Only these scopes (personal or project scope ids); absent = every scope the caller sees. */
  scopeIds?: readonly string[];
  /** Only memories of these projects (their project scopes). */
  projectIds?: readonly string[];
  kinds?: readonly MemoryKind[];
  /** Only memories carrying every one of these tags (already lower-cased by the contract). */
  tags?: readonly string[];
  loopState?: 'open' | 'closed';
  /** Retired (invalidated) and superseded memories are left out unless this is true. */
  includeRetired?: boolean;
  /** Event time (or, lacking one, write time) at or after / at or before. */
  since?: Date;
  until?: Date;
}

export interface HybridSearchOptions extends SearchFilters {
  query: string;
  /** 1..100 results. */
  k: number;
  /** Results to skip first (paging through search_memories). */
  offset?: number;
  mode?: RetrievalMode;
  /**
   * The query's embedding, when the caller computed it before opening the transaction (PGlite
   * runs one transaction at a time, so embedding inside one stalls every other request).
   * `null` = search without vectors. Absent = embed here if an embedder is configured.
   */
  queryVector?: Float32Array | null;
}

export interface HybridSearchResult {
  memoryId: string;
  /** 0..1, higher is better; comparable within one result list only. */
  score: number;
  /** One short sentence naming the signals that matched. */
  why: string;
}

export interface SimilarOptions extends Pick<
  SearchFilters,
  'scopeIds' | 'projectIds' | 'includeRetired'
> {
  /** Compare against a stored memory (never returned as its own match)… */
  memoryId?: string;
  /** …or against a text. */
  text?: string;
  /** The text's (or memory's) embedding, when computed before the transaction opened. */
  vector?: Float32Array;
  /** Never returned; defaults to memoryId. */
  excludeId?: string;
  k: number;
  /** 0..1; matches below are dropped. */
  minSimilarity?: number;
}

export interface SimilarMemory {
  memoryId: string;
  /** 0..1: cosine similarity of embeddings, or of word sets without an embedder. */
  similarity: number;
  method: 'vector' | 'lexical';
}

// The search a recall runs: a query and filters in, ranked memory ids with scores and reasons out.
import type { Tx } from '@svc/db';

export interface RecallQuery {
  query: string;
  k: number;
  /** Scopes to search; null means every scope the caller can read. */
  scopeIds: string[] | null;
  kinds?: string[];
  tags?: string[];
  loopState?: 'open' | 'closed';
  includeRetired: boolean;
  since?: Date;
  until?: Date;
}

export interface RecallHit {
  memoryId: string;
  /** 0..1, higher is better. */
  score: number;
  /** One sentence on which signals matched. */
  why: string;
}

export interface Retriever {
  search(tx: Tx, query: RecallQuery): Promise<RecallHit[]>;
}

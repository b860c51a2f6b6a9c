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
  /**
   * Slow work done before the transaction opens (embedding the query): on the embedded database
   * one open transaction holds every other request, so the model must not run inside one.
   */
  prepare?(query: string): Promise<unknown>;
  /**
   * The database work of a search that needs nothing from `prepare` (the query's words and their
   * statistics). A caller may run it in a short transaction of its own while `prepare` is still
   * embedding, then pass its result to `search` as `planned` for the same query. Work it hands to
   * `afterAnswer` (a recount of stale statistics) the caller runs once it has answered, in a
   * transaction of its own as the same caller.
   */
  plan?(tx: Tx, query: RecallQuery, afterAnswer?: (work: (tx: Tx) => Promise<void>) => void, started?: unknown): Promise<unknown>;
  /**
   * The part of `plan` that needs only the query's text, started in the caller's transaction before
   * the caller's own reads (so it is sent with them, not after them); its result goes to `plan` as
   * `started`. Nothing need await it if the caller's reads fail. `genericPlans`: the database
   * keeps its statements prepared (`Database.keepsPlans`), so the search plans each once.
   */
  startPlan?(tx: Tx, text: string, genericPlans?: boolean): unknown;
  /**
   * Transaction-local settings `search` makes for a planned query. A caller that makes them itself
   * when it opens the transaction (`readsAsUser`'s settings: no statement of their own) says so
   * with `settingsMade`. `genericPlans`: as for `startPlan`.
   */
  searchSettings?(genericPlans?: boolean): Readonly<Record<string, string>>;
  search(tx: Tx, query: RecallQuery, prepared?: unknown, planned?: unknown, settingsMade?: boolean): Promise<RecallHit[]>;
}

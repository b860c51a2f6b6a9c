// What the benchmark needs from the service: store a conversation, ask a question. Two implementations.
import type { RetrievalTuningInput } from '@svc/core';
import type { Conversation } from './data';

/**
 * hybrid = recall as the service ranks; semantic = the vector leg alone (a baseline); keyword =
 * the lexical leg alone (ablations, direct driver only).
 */
export type AskMode = 'hybrid' | 'semantic' | 'keyword';

export interface AskOptions {
  /** fts and ts_rank: the Postgres rankers BM25 replaced (direct driver only). */
  mode: AskMode | 'fts' | 'ts_rank';
  k: number;
  /** Ranking overrides for ablations; only the direct driver can apply them. */
  tuning?: RetrievalTuningInput;
}

export interface MemoryDriver {
  readonly name: string;
  /** Stores every turn as one memory in the conversation's own project. */
  load(conversation: Conversation): Promise<void>;
  /** Dialog ids of the recalled turns, best first. */
  ask(conversationId: string, question: string, options: AskOptions): Promise<string[]>;
  close(): Promise<void>;
}

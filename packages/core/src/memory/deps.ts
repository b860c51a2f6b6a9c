// What the memory operations need from outside: the database and the ranking and indexing parts.
import type { Database, Tx } from '@svc/db';
import type { SQL } from 'drizzle-orm';
import type { Logger } from '@svc/observability';
import type { TranslationQueue } from '../translation/queue';
import type { PairReviewer } from '../hygiene/review';
import type { Extractor } from '../extraction/types';
import type { Retriever } from './retriever';

export interface NearDuplicate {
  id: string;
  similarity: number;
  content: string;
}

/** Embeds and stores vectors for new memories; absent when no embedder is configured. */
export interface MemoryIndexer {
  /** Work done before the write transaction (the model call is slow and must not hold locks). */
  prepare(text: string): Promise<unknown>;
  /** Stores what `prepare` produced for the memory, inside the write transaction. */
  store(tx: Tx, memoryId: string, prepared: unknown): Promise<void>;
  /**
   * Transaction-local settings `storeNear`'s search runs with: the caller makes them when it opens
   * the write transaction (`asUser`'s settings), so they cost no round trip of their own.
   */
  nearSettings(): Readonly<Record<string, string>>;
  /**
   * `store`, and the memories of the scope nearly the same as the new one (never itself), in one
   * round trip: remember's write transaction holds the one embedded connection while it runs. Its
   * transaction was opened with `nearSettings`.
   */
  storeNear(
    tx: Tx,
    opts: {
      memoryId: string;
      scopeId: string;
      prepared: unknown;
      /** Writes of the same transaction sent in the same statement (no result read). */
      alongside?: readonly SQL[];
    },
  ): Promise<NearDuplicate[]>;
}

/**
 * A saved memory is marked due in its own transaction (`markChecksDue`), so a check the process did
 * not live to run is still found; one job works through every due memory, so a burst costs one job.
 */
export interface SavedChecks {
  /** After a commit that marked memories due: the job runs soon (calls close together send it once). */
  wake(): void;
  /** Outside a transaction (a translation done): marks the memory due, then wakes the job. */
  enqueue(memoryId: string): void;
}

export interface MemoryDeps {
  database: Database;
  retriever: Retriever;
  indexer: MemoryIndexer | null;
  logger: Logger;
  /** Where a memory written in another language is sent to be translated; absent without a language model. */
  translation?: TranslationQueue | null;
  /** The background check of saved memories against their neighbours; absent, nothing checks them. */
  checks?: SavedChecks | null;
  /** Hygiene's reader: a language model confirming the word checks' suspects; absent, they stand alone. */
  reviewer?: PairReviewer | null;
  /** Reads transcript chunks into memories; the offline extractor when absent. */
  extractor?: Extractor;
}

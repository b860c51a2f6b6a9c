// Merges embedding requests from concurrent callers into model-sized batches, queries first.
import type { EmbedPurpose } from '../embedder';

/** Runs one batch (all of one purpose) and gives one raw vector per text, in input order. */
export type BatchRunner = (texts: string[], purpose: EmbedPurpose) => Promise<ArrayLike<number>[]>;

interface Pending {
  /** When it was queued (the queue's clock), so a document is not kept waiting for ever. */
  at: number;
  texts: string[];
  purpose: EmbedPurpose;
  resolve(vectors: ArrayLike<number>[]): void;
  reject(err: unknown): void;
}

export interface BatchQueueOptions {
  /** Most texts handed to `run` at once. */
  batchSize: number;
  /** Batches in flight at once: one per worker thread. */
  concurrency: number;
  run: BatchRunner;
  /**
   * A document that has waited this long goes before waiting queries (default 1000 ms): under a
   * steady stream of recalls `remember` was starved (p50 8 s against 2 s for `recall`).
   */
  documentPatienceMs?: number;
  /** Milliseconds, for tests; default `performance.now`. */
  now?: () => number;
}

/**
 * Under many sessions requests that arrive while every runner is busy wait here and leave
 * together, up to the provider's batch size (for USE lite a few texts: its cost per text rises
 * past that; see providers/use.ts). A waiting query (someone's recall is
 * blocked on it) goes before waiting documents (a remember, or a re-embedding job), unless the
 * oldest document has waited `documentPatienceMs`; a request is never split across batches unless
 * it alone is larger than one.
 */
export class BatchQueue {
  private readonly queries: Pending[] = [];
  private readonly documents: Pending[] = [];
  private running = 0;

  constructor(private readonly options: BatchQueueOptions) {
    if (!Number.isInteger(options.batchSize) || options.batchSize < 1) throw new RangeError('batchSize must be a positive integer');
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  }

  /** Texts waiting for a runner (not those in flight). */
  get waiting(): number {
    return [...this.queries, ...this.documents].reduce((n, p) => n + p.texts.length, 0);
  }

  embed(texts: string[], purpose: EmbedPurpose): Promise<ArrayLike<number>[]> {
    if (texts.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      const at = (this.options.now ?? performance.now.bind(performance))();
      (purpose === 'query' ? this.queries : this.documents).push({ at, texts, purpose, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.options.concurrency) {
      const lane = this.queries.length > 0 && !this.documentOverdue() ? this.queries : this.documents;
      if (lane.length === 0) return;
      const batch: Pending[] = [lane.shift()!];
      let size = batch[0]!.texts.length;
      while (lane.length > 0 && size + lane[0]!.texts.length <= this.options.batchSize) {
        const next = lane.shift()!;
        batch.push(next);
        size += next.texts.length;
      }
      this.running += 1;
      void this.dispatch(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private documentOverdue(): boolean {
    const oldest = this.documents[0];
    if (!oldest) return false;
    const now = (this.options.now ?? performance.now.bind(performance))();
    return now - oldest.at >= (this.options.documentPatienceMs ?? 1000);
  }

  private async dispatch(batch: Pending[]): Promise<void> {
    const texts = batch.flatMap((p) => p.texts);
    try {
      const vectors = await this.options.run(texts, batch[0]!.purpose);
      if (vectors.length !== texts.length) {
        throw new Error(`the model returned ${vectors.length} vectors for ${texts.length} texts`);
      }
      let at = 0;
      for (const p of batch) {
        p.resolve(vectors.slice(at, at + p.texts.length));
        at += p.texts.length;
      }
    } catch (err) {
      // One bad batch fails only the requests in it; the queue keeps serving the rest.
      for (const p of batch) p.reject(err);
    }
  }
}

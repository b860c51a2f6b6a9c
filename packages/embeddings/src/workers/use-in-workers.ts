// The offline default model run in worker threads, so a request that needs no model never waits for one that does.
import { access } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Embedder } from '../embedder';
import { createLazyEmbedder, type LoadedModel } from '../lazy-embedder';
import { splitRows, USE_DEFAULT_BATCH_SIZE, USE_DIMENSIONS, USE_MODEL_ID } from '../providers/use';
import { loadUseOnnxInput } from '../providers/use-onnx/use-lite-onnx';
import { BatchQueue } from './batch-queue';

const WORKER_FILE = new URL('./use-worker.mjs', import.meta.url).href;

export interface UseWorkerOptions {
  /** Worker threads, each with its own copy of the model (~150 MB with its runtime); at least 1. */
  threads: number;
  batchSize?: number;
  /** Niceness of each thread (0-19, Linux applies it per thread); default 0, the process's own. */
  nice?: number;
}

/**
 * ONNX Runtime computes synchronously on the thread that calls it: in the serving thread every
 * text blocks the event loop for 1-5 ms (10-30 ms with the tfjs runtime this replaced), so under
 * many sessions a card or board call waits behind every recall's query embedding. Here the model
 * runs in `threads` worker threads and the serving thread only sends texts and normalises answers.
 * Vectors are the in-thread provider's (same graph and runtime, normalised by the same code; a
 * text batched with others may differ in the last float bit), so both share one model id.
 */
export function createUseWorkerEmbedder(options: UseWorkerOptions): Embedder {
  const { threads } = options;
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError('threads must be a positive integer');
  const batchSize = options.batchSize ?? USE_DEFAULT_BATCH_SIZE;

  async function load(): Promise<LoadedModel> {
    // libuv starts its thread pool (file system, crypto's scrypt, zlib, DNS) on the first task any
    // thread submits, and new threads inherit their creator's niceness: a model thread reading its
    // files first would leave the whole pool niced for the life of the process (the full test run
    // caught four pool threads at the model's niceness). One task submitted from here starts the
    // pool at the caller's priority before any model thread exists.
    if ((options.nice ?? 0) !== 0) access(fileURLToPath(WORKER_FILE), () => undefined);
    // Converted once here and copied to each thread.
    const { model, vocabulary } = await loadUseOnnxInput();
    // No idle timeout: a thread that exited would load the model again on the next request.
    const pool = new Piscina({
      filename: WORKER_FILE,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Infinity,
      workerData: { nice: options.nice ?? 0, model, vocabulary },
    });
    const run = async (texts: string[]) => splitRows((await pool.run({ texts })) as Float32Array, texts.length);
    try {
      // Every thread loads now, not on its first request.
      await Promise.all(Array.from({ length: threads }, () => run([])));
    } catch (err) {
      await pool.destroy();
      throw err;
    }
    const queue = new BatchQueue({ batchSize, concurrency: threads, run });
    return {
      dimensions: USE_DIMENSIONS,
      embedBatch: (texts, purpose) => queue.embed(texts, purpose),
      // Lets each thread finish the batch it is computing: ONNX Runtime aborts the whole process
      // (SIGABRT) when a thread is terminated inside a run. Batches not yet started are refused.
      dispose: () => pool.close({ force: true }),
    };
  }

  return createLazyEmbedder({
    model: USE_MODEL_ID,
    dimensions: USE_DIMENSIONS,
    batchSize,
    // The default cut (8000 characters) is USE's own: its tokenizer is quadratic past it.
    load,
  });
}

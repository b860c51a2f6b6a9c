// The one interface every embedding provider implements, so recall and storage never see which runs.

/**
 * Why a text is embedded. Symmetric models ignore it; asymmetric ones (e5, bge, nomic) prefix
 * queries and documents differently, and the query cache keys on it.
 */
export type EmbedPurpose = 'query' | 'document';

export interface Embedder {
  /**
   * Stable identifier stored beside each vector (`use-lite-512`, `onnx:<dir>`, `openai:<model>`):
   * a vector is comparable only with vectors of the same identifier, and a change means re-embedding.
   */
  readonly model: string;
  /** Vector length; resolves without loading when the provider knows it up front, else after warm-up. */
  dimensions(): Promise<number>;
  /** One L2-normalised vector per text, in input order; batched internally; waits for a cold load. */
  embed(texts: readonly string[], purpose: EmbedPurpose): Promise<Float32Array[]>;
  /** Loads the model; concurrent callers share one load, and a failed load is retried by the next call. */
  warm(): Promise<void>;
  isWarm(): boolean;
  /** Frees the model; later calls fail. */
  close(): Promise<void>;
}

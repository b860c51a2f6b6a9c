// Turns a validated configuration into the embedder it names, or null when search is lexical only.
import { ServiceError } from '@svc/errors';
import { z } from 'zod';
import {
  embeddingsConfigSchema,
  type EmbeddingsConfig,
  type EmbeddingsConfigInput,
} from './config';
import type { Embedder } from './embedder';
import { createOnnxEmbedder } from './providers/onnx';
import { createOpenAiEmbedder } from './providers/openai';
import { createUseEmbedder } from './providers/use';
import { withQueryCache } from './query-cache';
import { createUseWorkerEmbedder } from './workers/use-in-workers';

function build(config: Exclude<EmbeddingsConfig, { provider: 'none' }>): Embedder {
  switch (config.provider) {
    case 'use':
      return config.workerThreads > 0
        ? createUseWorkerEmbedder({ threads: config.workerThreads, batchSize: config.batchSize, nice: config.workerNice })
        : createUseEmbedder({ batchSize: config.batchSize });
    case 'onnx': {
      const { modelDir, modelId, ...rest } = config;
      // The schema guarantees exactly one of the two.
      const source = modelDir !== undefined ? { modelDir } : { modelId: modelId ?? '' };
      return createOnnxEmbedder({ ...rest, source });
    }
    case 'openai':
      return createOpenAiEmbedder(config);
  }
}

/**
 * Constructs without loading anything: the model loads on `warm()` or on the first `embed()`,
 * so a slow or broken model never delays start-up or readiness.
 */
export function createEmbedder(input: EmbeddingsConfigInput): Embedder | null {
  const parsed = embeddingsConfigSchema.safeParse(input);
  if (!parsed.success) {
    // Zod reports paths and rules, never the values, so an API key cannot end up in this message.
    throw new ServiceError(
      'validation_failed',
      `Invalid embeddings configuration: ${z.prettifyError(parsed.error)}`,
      {
        cause: parsed.error,
      },
    );
  }
  const config = parsed.data;
  if (config.provider === 'none') return null;
  const embedder = build(config);
  return config.queryCacheSize > 0 ? withQueryCache(embedder, config.queryCacheSize) : embedder;
}

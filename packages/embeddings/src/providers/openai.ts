// An OpenAI-compatible embeddings endpoint (OpenAI, vLLM, Ollama, llama.cpp, TEI…) over HTTP.
import { ServiceError } from '@svc/errors';
import type { Embedder } from '../embedder';
import { createLazyEmbedder, type LoadedModel } from '../lazy-embedder';
import { withPurposePrefix, type PurposePrefixes } from '../prefixes';
import {
  embeddingsResponseSchema,
  statusError,
  transportError,
  vectorsInInputOrder,
  type EmbeddingsRequest,
} from './openai-wire';

/** OpenAI accepts up to 2048 inputs a request; smaller batches keep each request well inside the timeout. */
export const OPENAI_DEFAULT_BATCH_SIZE = 96;
export const OPENAI_DEFAULT_TIMEOUT_MS = 30_000;

export interface OpenAiEmbedderOptions extends PurposePrefixes {
  /** Base URL as the OpenAI SDK takes it (`https://api.openai.com/v1`); a full `/embeddings` URL works too. */
  url: string;
  apiKey?: string;
  model: string;
  /** Asks the server to shorten vectors (text-embedding-3); also known dimensions need no probe. */
  dimensions?: number;
  batchSize?: number;
  timeoutMs?: number;
}

const PROBE_TEXT = 'dimension probe';

function endpointUrl(url: string): string {
  const base = url.replace(/\/+$/, '');
  return base.endsWith('/embeddings') ? base : `${base}/embeddings`;
}

async function post(options: OpenAiEmbedderOptions, input: string[]): Promise<number[][]> {
  const timeoutMs = options.timeoutMs ?? OPENAI_DEFAULT_TIMEOUT_MS;
  const body: EmbeddingsRequest = { model: options.model, input, encoding_format: 'float' };
  if (options.dimensions !== undefined) body.dimensions = options.dimensions;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  let text: string;
  let response: Response;
  try {
    // One signal covers connecting, waiting and reading the body: a stalled stream times out too.
    response = await fetch(endpointUrl(options.url), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (err) {
    throw transportError(err, timeoutMs);
  }
  if (!response.ok) throw statusError(response.status, response.headers, text, options.apiKey);

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ServiceError('internal', 'The embedding endpoint answered with invalid JSON', {
      cause: err,
    });
  }
  const parsed = embeddingsResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new ServiceError('internal', 'The embedding endpoint answered in an unexpected shape', {
      cause: parsed.error,
    });
  }
  return vectorsInInputOrder(parsed.data.data, input.length);
}

async function loadOpenAi(options: OpenAiEmbedderOptions): Promise<LoadedModel> {
  // Without configured dimensions the width is learned from one tiny request, which also proves the endpoint.
  const dimensions = options.dimensions ?? (await post(options, [PROBE_TEXT]))[0]?.length ?? 0;
  return {
    dimensions,
    embedBatch: (texts, purpose) => post(options, withPurposePrefix(texts, purpose, options)),
  };
}

export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  // Shortened vectors are not comparable with full-width ones of the same model, so the width is part of the id.
  const suffix = options.dimensions === undefined ? '' : `@${options.dimensions}`;
  return createLazyEmbedder({
    model: `openai:${options.model}${suffix}`,
    batchSize: options.batchSize ?? OPENAI_DEFAULT_BATCH_SIZE,
    dimensions: options.dimensions,
    load: () => loadOpenAi(options),
  });
}

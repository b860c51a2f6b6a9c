// Any ONNX sentence-embedding model through transformers.js: from a local directory, or by model id.
import { basename, resolve } from 'node:path';
import { ServiceError } from '@svc/errors';
import type { Embedder } from '../embedder';
import { createLazyEmbedder, type LoadedModel } from '../lazy-embedder';
import { withPurposePrefix, type PurposePrefixes } from '../prefixes';
import { checkOnnxModelDir, type OnnxDtype } from './onnx-files';

export const ONNX_DEFAULT_BATCH_SIZE = 32;

export type OnnxSource = { modelDir: string } | { modelId: string };

export interface OnnxEmbedderOptions extends PurposePrefixes {
  source: OnnxSource;
  /** Fetch from the model hub when the model is not on disk: only ever on a connected machine. */
  allowRemote?: boolean;
  batchSize?: number;
  /** Mean pooling suits sentence-transformers models; bge-style models are trained on the CLS token. */
  pooling?: 'mean' | 'cls';
  dtype?: OnnxDtype;
}

/** Embeds a fixed text once at load: learns the width and proves the model runs before anyone waits on it. */
const PROBE_TEXT = 'dimension probe';

function modelIdentifier(source: OnnxSource): string {
  return 'modelDir' in source
    ? `onnx:${basename(resolve(source.modelDir))}`
    : `onnx:${source.modelId}`;
}

async function loadOnnx(options: OnnxEmbedderOptions, model: string): Promise<LoadedModel> {
  const allowRemote = options.allowRemote ?? false;
  const dtype = options.dtype ?? 'fp32';
  // An absolute path is never mistaken for a hub id (a relative `models/x` would be) and is read as is.
  const location =
    'modelDir' in options.source ? resolve(options.source.modelDir) : options.source.modelId;
  if ('modelDir' in options.source) await checkOnnxModelDir(location, dtype);

  const { env, pipeline } = await import('@huggingface/transformers');
  // A process-wide switch; `local_files_only` below keeps this load offline whatever another instance set.
  env.allowRemoteModels = allowRemote;
  const extractor = await pipeline('feature-extraction', location, {
    local_files_only: !allowRemote,
    dtype,
    device: 'cpu',
  }).catch((err: unknown) => {
    if (err instanceof Error && err.name === 'ModelFileNotFoundError' && !allowRemote) {
      const message = `ONNX embedding model ${model} is not on disk and remote models are not allowed`;
      throw new ServiceError('internal', message, { cause: err });
    }
    throw err;
  });

  const pooling = options.pooling ?? 'mean';
  const run = async (texts: string[]): Promise<Float32Array[]> => {
    const output = await extractor(texts, { pooling, normalize: true });
    const [rows = 0, width = 0] = output.dims;
    const data = output.data;
    const vectors = Array.from({ length: rows }, (_, r) =>
      Float32Array.from({ length: width }, (_, c) => Number(data[r * width + c])),
    );
    output.dispose();
    return vectors;
  };
  const [probe] = await run([PROBE_TEXT]);

  return {
    dimensions: probe?.length ?? 0,
    embedBatch: (texts, purpose) => run(withPurposePrefix(texts, purpose, options)),
    dispose: () => extractor.dispose(),
  };
}

export function createOnnxEmbedder(options: OnnxEmbedderOptions): Embedder {
  const model = modelIdentifier(options.source);
  return createLazyEmbedder({
    model,
    batchSize: options.batchSize ?? ONNX_DEFAULT_BATCH_SIZE,
    load: () => loadOnnx(options, model),
  });
}

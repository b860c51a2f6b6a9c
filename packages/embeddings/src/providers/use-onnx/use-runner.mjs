// Runs the converted USE lite graph with ONNX Runtime; plain JavaScript so a worker thread can load it.
import { EmbeddingsModel } from '@energetic-ai/embeddings';
import * as ort from 'onnxruntime-node';

/**
 * One thread for the operators: the caller's thread computes (onnxruntime-node runs a session
 * synchronously on the thread that calls it), so a worker thread's niceness covers the work and
 * no spinning pool competes with the database for the second core.
 */
const SESSION_OPTIONS = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
  executionMode: 'sequential',
  // The converted graph keeps a few constants only TensorFlow's shape plumbing read; ORT drops them.
  logSeverityLevel: 3,
};

/** The graph's input is a sparse batch: one (text, position) pair and one token id per token. */
function sparseBatch(tokenizer, texts) {
  const encodings = texts.map((text) => tokenizer.encode(text));
  const count = encodings.reduce((n, e) => n + e.length, 0);
  const indices = new BigInt64Array(count * 2);
  const values = new BigInt64Array(count);
  let k = 0;
  encodings.forEach((tokens, row) => {
    tokens.forEach((token, position) => {
      indices[2 * k] = BigInt(row);
      indices[2 * k + 1] = BigInt(position);
      values[k] = BigInt(token);
      k += 1;
    });
  });
  return {
    indices: new ort.Tensor('int64', indices, [count, 2]),
    values: new ort.Tensor('int64', values, [count]),
  };
}

/**
 * `model` is the ONNX graph (use-lite-onnx.ts), `vocabulary` the package's sentencepiece pieces.
 * `embed` answers one Float32Array of texts × 512 raw values. Resolves once warm.
 */
export async function createUseRunner({ model, vocabulary }) {
  // The library's tokenizer, so token ids are exactly those its own graph execution sees.
  const { tokenizer } = new EmbeddingsModel({ vocabulary, model: null });
  const session = await ort.InferenceSession.create(model, SESSION_OPTIONS);
  const [output] = session.outputNames;
  const embed = async (texts) => {
    const result = await session.run(sparseBatch(tokenizer, texts));
    const tensor = result[output];
    const values = new Float32Array(tensor.data);
    tensor.dispose?.();
    return values;
  };
  // The first run plans the graph's shapes: paid at load, not by the first query.
  await embed(['warm-up']);
  return { embed, dispose: () => session.release() };
}

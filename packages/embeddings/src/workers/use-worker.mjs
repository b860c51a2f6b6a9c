// The offline default model inside a worker thread: plain JavaScript, so a worker needs no TypeScript loader.
import { setPriority } from 'node:os';
import { move, workerData } from 'piscina';
import { createUseRunner } from '../providers/use-onnx/use-runner.mjs';

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

/**
 * One model per thread, loaded by the first task from the graph the serving thread converted
 * (workerData.model; plain JavaScript cannot run the TypeScript converter).
 */
let loading;

function model() {
  loading ??= createUseRunner({ model: workerData.model, vocabulary: workerData.vocabulary }).then((runner) => {
    // The session holds its own copy of the weights: this thread's 33 MB of graph bytes can go.
    workerData.model = null;
    return runner;
  });
  return loading;
}

/**
 * A task is `{ texts }` (an empty list only loads the model). The answer is one Float32Array of
 * texts × dimensions raw values, moved rather than copied; the caller normalises exactly as the
 * in-thread provider does.
 */
export default async function embed({ texts }) {
  const runner = await model();
  if (texts.length === 0) return new Float32Array(0);
  return move(await runner.embed(texts));
}

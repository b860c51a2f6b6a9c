// Reads a TensorFlow.js graph model (model.json and its weight shards) from disk, without tfjs.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface TfAttrValue {
  i?: string;
  b?: boolean;
  type?: string | number;
  list?: { i?: string[] };
}

export interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttrValue>;
}

export interface TfConst {
  dtype: 'float32' | 'int32';
  shape: number[];
  values: Float32Array | Int32Array;
}

export interface TfGraph {
  nodes: TfNode[];
  consts: Map<string, TfConst>;
}

interface ModelJson {
  modelTopology: { node: TfNode[] };
  weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[];
}

export async function readTfGraph(dir: string): Promise<TfGraph> {
  const model = JSON.parse(await readFile(join(dir, 'model.json'), 'utf8')) as ModelJson;
  const consts = new Map<string, TfConst>();
  for (const group of model.weightsManifest) {
    const shards = await Promise.all(group.paths.map((p) => readFile(join(dir, p))));
    const data = Buffer.concat(shards);
    let offset = 0;
    for (const w of group.weights) {
      if (w.dtype !== 'float32' && w.dtype !== 'int32') {
        throw new Error(`unsupported weight type ${w.dtype} for ${w.name}`);
      }
      const count = w.shape.reduce((a, b) => a * b, 1);
      // Copied out of the shard: the typed array needs 4-byte alignment the shard does not promise.
      const bytes = data.subarray(offset, offset + count * 4);
      const buffer = new ArrayBuffer(count * 4);
      new Uint8Array(buffer).set(bytes);
      const values = w.dtype === 'float32' ? new Float32Array(buffer) : new Int32Array(buffer);
      consts.set(w.name, { dtype: w.dtype, shape: w.shape, values });
      offset += count * 4;
    }
  }
  return { nodes: model.modelTopology.node, consts };
}

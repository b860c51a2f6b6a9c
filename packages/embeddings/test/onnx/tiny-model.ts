// Builds a tiny sentence-embedding model on disk (ONNX graph, WordLevel tokenizer, config) for tests.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bytes, concat, int, msg, str, type Field } from './protobuf';

// ONNX enum values (onnx.proto): TensorProto.DataType and AttributeProto.AttributeType.
const FLOAT = 1;
const INT64 = 7;
const ATTR_INT = 2;

export interface TinyModelOptions {
  words: readonly string[];
  dimensions: number;
}

/** What the test needs to compute expected vectors by hand. */
export interface TinyModel {
  /** Token id of each word (ids 0 and 1 are [PAD] and [UNK]). */
  vocab: ReadonlyMap<string, number>;
  /** Row-major [vocabulary, dimensions] embedding table. */
  table: Float32Array;
  dimensions: number;
}

/** Deterministic weights so that a failing test can be re-run on the same model. */
function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tensorType(elemType: number, dims: readonly (number | string)[]): Field {
  const shape = dims.map((d) => msg(1, [typeof d === 'number' ? int(1, d) : str(2, d)]));
  return msg(1, [int(1, elemType), msg(2, shape)]);
}

function valueInfo(
  field: number,
  name: string,
  elemType: number,
  dims: readonly (number | string)[],
): Field {
  return msg(field, [str(1, name), msg(2, [tensorType(elemType, dims)])]);
}

function initializer(
  name: string,
  dataType: number,
  dims: readonly number[],
  raw: Uint8Array,
): Field {
  return msg(5, [...dims.map((d) => int(1, d)), int(2, dataType), str(8, name), bytes(9, raw)]);
}

function node(op: string, inputs: string[], outputs: string[], attrs: Field[] = []): Field {
  return msg(1, [
    ...inputs.map((i) => str(1, i)),
    ...outputs.map((o) => str(2, o)),
    str(3, op),
    str(4, op),
    ...attrs,
  ]);
}

function intAttr(name: string, value: number): Field {
  return msg(5, [str(1, name), int(3, value), int(20, ATTR_INT)]);
}

/**
 * last_hidden_state = Gather(table, input_ids) * attention_mask: a bag of word vectors, which is
 * what mean pooling over a real encoder's output reduces to, with the same inputs and output.
 */
export function buildTinyOnnxModel(
  table: Float32Array,
  vocabSize: number,
  dimensions: number,
): Uint8Array {
  const axes = new BigInt64Array([2n]);
  const graph = [
    node('Gather', ['embeddings', 'input_ids'], ['token_vectors'], [intAttr('axis', 0)]),
    node('Cast', ['attention_mask'], ['mask_float'], [intAttr('to', FLOAT)]),
    node('Unsqueeze', ['mask_float', 'unsqueeze_axes'], ['mask_3d']),
    node('Mul', ['token_vectors', 'mask_3d'], ['last_hidden_state']),
    str(2, 'tiny_sentence_encoder'),
    initializer('embeddings', FLOAT, [vocabSize, dimensions], new Uint8Array(table.buffer)),
    initializer('unsqueeze_axes', INT64, [1], new Uint8Array(axes.buffer)),
    valueInfo(11, 'input_ids', INT64, ['batch_size', 'sequence_length']),
    valueInfo(11, 'attention_mask', INT64, ['batch_size', 'sequence_length']),
    valueInfo(12, 'last_hidden_state', FLOAT, ['batch_size', 'sequence_length', dimensions]),
  ];
  // ir_version 8 with opset 13: old enough for any onnxruntime, new enough for Unsqueeze's axes input.
  return concat([
    int(1, 8),
    str(2, 'svc-embeddings-test'),
    msg(7, graph),
    msg(8, [str(1, ''), int(2, 13)]),
  ]);
}

const SPECIAL = ['[PAD]', '[UNK]'];

function wordLevelTokenizer(words: readonly string[]): object {
  const vocab = Object.fromEntries([...SPECIAL, ...words].map((w, id) => [w, id]));
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((content, id) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: { type: 'Lowercase' },
    pre_tokenizer: { type: 'Whitespace' },
    post_processor: null,
    decoder: null,
    model: { type: 'WordLevel', vocab, unk_token: '[UNK]' },
  };
}

/** Writes config.json, tokenizer.json, tokenizer_config.json and onnx/model.onnx into `dir`. */
export async function writeTinyModel(
  dir: string,
  { words, dimensions }: TinyModelOptions,
): Promise<TinyModel> {
  const vocabSize = SPECIAL.length + words.length;
  const random = seededRandom(42);
  const table = new Float32Array(vocabSize * dimensions).map(() => random() * 2 - 1);
  await mkdir(join(dir, 'onnx'), { recursive: true });
  const json = (name: string, value: object) =>
    writeFile(join(dir, name), JSON.stringify(value, null, 2));
  await json('config.json', {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: dimensions,
  });
  await json('tokenizer.json', wordLevelTokenizer(words));
  await json('tokenizer_config.json', {
    tokenizer_class: 'PreTrainedTokenizer',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    model_max_length: 128,
  });
  await writeFile(
    join(dir, 'onnx', 'model.onnx'),
    buildTinyOnnxModel(table, vocabSize, dimensions),
  );
  return { vocab: new Map(words.map((w, i) => [w, SPECIAL.length + i])), table, dimensions };
}

/** The vector the model must produce for `text` under mean pooling, before normalisation. */
export function expectedMeanVector(model: TinyModel, text: string): Float32Array {
  const ids = text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => model.vocab.get(w) ?? 1);
  const out = new Float32Array(model.dimensions);
  for (const id of ids) {
    for (let d = 0; d < model.dimensions; d++)
      out[d] = (out[d] ?? 0) + (model.table[id * model.dimensions + d] ?? 0) / ids.length;
  }
  return out;
}

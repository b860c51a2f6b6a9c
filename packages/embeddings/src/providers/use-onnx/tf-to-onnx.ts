// Converts a TensorFlow.js graph to ONNX, op by op, for the ops Universal Sentence Encoder lite uses.
// Integer tensors become int64 throughout: ONNX's index-taking ops (GatherND, ScatterND, NonZero's
// output, Shape) all speak int64, and the graph only ever holds small counts and positions.
import {
  ONNX_TYPE,
  type OnnxAttribute,
  type OnnxElementType,
  type OnnxGraph,
  type OnnxNode,
  type OnnxTensor,
} from './onnx-proto';
import type { TfAttrValue, TfConst, TfGraph, TfNode } from './tf-graph';

/** 14: Reshape's allowzero, so a 0 in a computed shape means an empty axis, as in TensorFlow. */
const OPSET = 14;
/** An end past any real dimension, for slices that run to the end. */
const TO_END = 2n ** 62n;
/** TensorFlow's DataType numbers for the types this graph uses. */
const TF_TYPES: Record<number, OnnxElementType> = { 1: ONNX_TYPE.float, 3: ONNX_TYPE.int64, 9: ONNX_TYPE.int64, 10: ONNX_TYPE.bool };

export class UnsupportedGraphError extends Error {}

function tfTypeNumber(value: TfAttrValue | undefined): number {
  const raw = value?.type;
  if (typeof raw === 'number') return raw;
  // This model's graph gives DataType numbers; other converters' output names them.
  const byName: Record<string, number> = { DT_FLOAT: 1, DT_INT32: 3, DT_INT64: 9, DT_BOOL: 10 };
  return byName[raw ?? ''] ?? Number(raw);
}

function intAttr(node: TfNode, name: string): number {
  return Number(node.attr?.[name]?.i ?? 0);
}

function int64Tensor(name: string, values: bigint[], dims: number[] = [values.length]): OnnxTensor {
  return { name, dims, type: ONNX_TYPE.int64, raw: new Uint8Array(BigInt64Array.from(values).buffer) };
}

function constTensor(name: string, c: TfConst): OnnxTensor {
  if (c.dtype === 'float32') {
    return { name, dims: c.shape, type: ONNX_TYPE.float, raw: new Uint8Array(c.values.buffer, c.values.byteOffset, c.values.byteLength) };
  }
  return int64Tensor(name, Array.from(c.values, (v) => BigInt(v)), c.shape);
}

/** The value a TF input reference names: `node` is output 0, `node:1` output 1; `^node` is a control edge. */
function ref(input: string): string {
  return input.endsWith(':0') ? input.slice(0, -2) : input;
}

export function convertTfGraph(tf: TfGraph): OnnxGraph {
  const nodes: OnnxNode[] = [];
  const initializers: OnnxTensor[] = [];
  const inputs: OnnxGraph['inputs'] = [];
  const types = new Map<string, OnnxElementType>();
  let fresh = 0;
  const temp = (base: string) => `${base}/onnx_${fresh++}`;

  const staticInts = (name: string): number[] => {
    const c = tf.consts.get(name);
    if (!c || c.dtype !== 'int32') throw new UnsupportedGraphError(`${name} is not a constant integer tensor`);
    return Array.from(c.values);
  };
  const constInit = (base: string, values: bigint[]) => {
    const name = temp(base);
    initializers.push(int64Tensor(name, values));
    types.set(name, ONNX_TYPE.int64);
    return name;
  };
  const emit = (op: string, ins: string[], outs: string[], type: OnnxElementType, attributes?: OnnxAttribute[]) => {
    nodes.push({ op, inputs: ins, outputs: outs, attributes });
    for (const o of outs) types.set(o, type);
  };
  const typeOf = (name: string): OnnxElementType => {
    const t = types.get(name);
    if (t === undefined) throw new UnsupportedGraphError(`no type known for ${name}`);
    return t;
  };

  const consumed = new Set<string>();
  for (const node of tf.nodes) {
    const args = (node.input ?? []).filter((i) => !i.startsWith('^')).map(ref);
    for (const a of args) consumed.add(a.split(':')[0] ?? a);
    const [a0 = '', a1 = '', a2 = '', a3 = ''] = args;
    const out = node.name;
    const same = (op: string, ins = args, attributes?: OnnxAttribute[]) => emit(op, ins, [out], typeOf(ins[0] ?? ''), attributes);

    switch (node.op) {
      case 'Const': {
        const c = tf.consts.get(out);
        if (!c) throw new UnsupportedGraphError(`constant ${out} has no weights`);
        const t = constTensor(out, c);
        initializers.push(t);
        types.set(out, t.type);
        break;
      }
      case 'Placeholder':
        inputs.push({ name: out, type: ONNX_TYPE.int64, shape: out === 'indices' ? ['n', 2] : ['n'] });
        types.set(out, ONNX_TYPE.int64);
        break;
      case 'Add':
      case 'Sub':
      case 'Mul':
      case 'Sin':
      case 'Cos':
      case 'Tanh':
      case 'Relu':
      case 'Softmax':
        same(node.op);
        break;
      case 'Less':
      case 'Greater':
        emit(node.op, args, [out], ONNX_TYPE.bool);
        break;
      case 'Shape':
        emit('Shape', [a0], [out], ONNX_TYPE.int64);
        break;
      case 'BiasAdd':
        same('Add');
        break;
      case 'RealDiv':
        same('Div');
        break;
      case 'Maximum':
        same('Max');
        break;
      case 'LogicalNot':
        emit('Not', [a0], [out], ONNX_TYPE.bool);
        break;
      case 'Square':
        same('Mul', [a0, a0]);
        break;
      case 'Rsqrt': {
        const root = temp(out);
        emit('Sqrt', [a0], [root], typeOf(a0));
        same('Reciprocal', [root]);
        break;
      }
      case 'Cast': {
        const to = TF_TYPES[tfTypeNumber(node.attr?.DstT)];
        if (to === undefined) throw new UnsupportedGraphError(`${out}: cast to an unsupported type`);
        emit('Cast', [a0], [out], to, [{ name: 'to', int: to }]);
        break;
      }
      case 'Where': {
        // TF gives [count, rank] coordinates, ONNX's NonZero [rank, count].
        const nz = temp(out);
        emit('NonZero', [a0], [nz], ONNX_TYPE.int64);
        emit('Transpose', [nz], [out], ONNX_TYPE.int64, [{ name: 'perm', ints: [1, 0] }]);
        break;
      }
      case 'Reshape':
        same('Reshape', [a0, a1], [{ name: 'allowzero', int: 1 }]);
        break;
      case 'GatherNd':
        same('GatherND', [a0, a1]);
        break;
      case 'GatherV2': {
        if (intAttr(node, 'batch_dims') !== 0) throw new UnsupportedGraphError(`${out}: batch_dims`);
        const [axis = 0] = staticInts(a2);
        same('Gather', [a0, a1], [{ name: 'axis', int: axis }]);
        break;
      }
      case 'Max':
      case 'Mean':
      case 'Prod':
      case 'Sum': {
        const axes = staticInts(a1);
        const keepdims = node.attr?.keep_dims?.b ? 1 : 0;
        if (node.op === 'Sum') same('ReduceSum', [a0, constInit(out, axes.map(BigInt))], [{ name: 'keepdims', int: keepdims }]);
        else {
          const op = { Max: 'ReduceMax', Mean: 'ReduceMean', Prod: 'ReduceProd' }[node.op];
          same(op, [a0], [{ name: 'axes', ints: axes }, { name: 'keepdims', int: keepdims }]);
        }
        break;
      }
      case 'StridedSlice': {
        if (intAttr(node, 'ellipsis_mask') || intAttr(node, 'new_axis_mask')) {
          throw new UnsupportedGraphError(`${out}: ellipsis or new axis in a strided slice`);
        }
        const [begin, end, strides] = [staticInts(a1), staticInts(a2), staticInts(a3)];
        const [beginMask, endMask, shrinkMask] = ['begin_mask', 'end_mask', 'shrink_axis_mask'].map((m) => intAttr(node, m));
        const starts: bigint[] = [];
        const ends: bigint[] = [];
        const shrink: number[] = [];
        begin.forEach((b, axis) => {
          if ((strides[axis] ?? 1) !== 1) throw new UnsupportedGraphError(`${out}: stride other than 1`);
          const bit = 1 << axis;
          const start = beginMask! & bit ? 0 : b;
          starts.push(BigInt(start));
          if (shrinkMask! & bit) {
            shrink.push(axis);
            ends.push(start === -1 ? TO_END : BigInt(start + 1));
          } else ends.push(endMask! & bit ? TO_END : BigInt(end[axis] ?? 0));
        });
        const axes = begin.map((_, i) => BigInt(i));
        const sliced = shrink.length > 0 ? temp(out) : out;
        emit('Slice', [a0, constInit(out, starts), constInit(out, ends), constInit(out, axes)], [sliced], typeOf(a0));
        if (shrink.length > 0) same('Squeeze', [sliced, constInit(out, shrink.map(BigInt))]);
        break;
      }
      case 'Slice': {
        const [begin, size] = [staticInts(a1), staticInts(a2)];
        const ends = begin.map((b, i) => (size[i] === -1 ? TO_END : BigInt(b + (size[i] ?? 0))));
        same('Slice', [a0, constInit(out, begin.map(BigInt)), constInit(out, ends)]);
        break;
      }
      case 'SparseToDense': {
        const dense = temp(out);
        emit('Expand', [a3, a1], [dense], typeOf(a2));
        emit('ScatterND', [dense, a0, a2], [out], typeOf(a2));
        break;
      }
      case 'ScatterNd': {
        const zeros = temp(out);
        const type = typeOf(a1);
        const zero: OnnxTensor =
          type === ONNX_TYPE.float
            ? { name: 'value', dims: [1], type, raw: new Uint8Array(4) }
            : int64Tensor('value', [0n], [1]);
        emit('ConstantOfShape', [a2], [zeros], type, [{ name: 'value', tensor: zero }]);
        emit('ScatterND', [zeros, a0, a1], [out], type);
        break;
      }
      case 'ConcatV2': {
        const [axis = 0] = staticInts(args[args.length - 1] ?? '');
        same('Concat', args.slice(0, -1), [{ name: 'axis', int: axis }]);
        break;
      }
      case 'ExpandDims':
        same('Unsqueeze', [a0, constInit(out, staticInts(a1).map(BigInt))]);
        break;
      case 'Squeeze':
        same('Squeeze', [a0, constInit(out, (node.attr?.squeeze_dims?.list?.i ?? []).map(BigInt))]);
        break;
      case 'Pack': {
        const axis = intAttr(node, 'axis');
        const axes = constInit(out, [BigInt(axis)]);
        const parts = args.map((a) => {
          const part = temp(out);
          emit('Unsqueeze', [a, axes], [part], typeOf(a));
          return part;
        });
        emit('Concat', parts, [out], typeOf(a0), [{ name: 'axis', int: axis }]);
        break;
      }
      case 'Transpose':
        same('Transpose', [a0], [{ name: 'perm', ints: staticInts(a1) }]);
        break;
      case 'SplitV': {
        const count = intAttr(node, 'num_split');
        const [axis = 0] = staticInts(a2);
        const outs = Array.from({ length: count }, (_, i) => (i === 0 ? out : `${out}:${i}`));
        emit('Split', [a0, constInit(out, staticInts(a1).map(BigInt))], outs, typeOf(a0), [{ name: 'axis', int: axis }]);
        break;
      }
      case 'MatMul':
      case 'BatchMatMul': {
        const flags = node.op === 'MatMul' ? ['transpose_a', 'transpose_b'] : ['adj_x', 'adj_y'];
        const operands = [a0, a1].map((operand, i) => {
          if (!node.attr?.[flags[i]!]?.b) return operand;
          const t = temp(out);
          // Only the last two axes swap; this graph's batched products are all rank 4.
          const perm = node.op === 'MatMul' ? [1, 0] : [0, 1, 3, 2];
          emit('Transpose', [operand], [t], typeOf(operand), [{ name: 'perm', ints: perm }]);
          return t;
        });
        same('MatMul', operands);
        break;
      }
      case 'Conv2D': {
        // A 1×1 convolution over NHWC input with unit strides is a product over the channel axis.
        const kernel = tf.consts.get(a1);
        const unit = (n: string) => (node.attr?.[n]?.list?.i ?? ['1']).every((v) => v === '1');
        if (!kernel || kernel.shape[0] !== 1 || kernel.shape[1] !== 1 || !unit('strides') || !unit('dilations')) {
          throw new UnsupportedGraphError(`${out}: only 1×1 convolutions with unit strides are supported`);
        }
        const weights = temp(out);
        initializers.push(constTensor(weights, { ...kernel, shape: kernel.shape.slice(2) }));
        same('MatMul', [a0, weights]);
        break;
      }
      case 'Range':
        same('Range', [a0, a1, a2]);
        break;
      default:
        throw new UnsupportedGraphError(`unsupported op ${node.op} at ${out}`);
    }
  }

  const outputNodes = tf.nodes.filter((n) => n.op !== 'Const' && n.op !== 'Placeholder' && !consumed.has(n.name));
  if (outputNodes.length !== 1) throw new UnsupportedGraphError(`expected one output, found ${outputNodes.length}`);
  const output = outputNodes[0]!.name;
  return {
    nodes,
    initializers,
    inputs,
    outputs: [{ name: output, type: typeOf(output), shape: ['batch', 'width'] }],
    opset: OPSET,
  };
}

// Writes the handful of ONNX protobuf messages a converted graph needs (onnx.proto3, IR version 8).
// Protobuf's wire format is small enough to write directly; only encoding is ever needed here.

export const ONNX_TYPE = { float: 1, int64: 7, bool: 9 } as const;
export type OnnxElementType = (typeof ONNX_TYPE)[keyof typeof ONNX_TYPE];

export interface OnnxTensor {
  name: string;
  dims: number[];
  type: OnnxElementType;
  /** Little-endian raw values (ONNX's raw_data). */
  raw: Uint8Array;
}

export type OnnxAttribute =
  | { name: string; int: number }
  | { name: string; ints: number[] }
  | { name: string; tensor: OnnxTensor };

export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  attributes?: OnnxAttribute[];
}

export interface OnnxValue {
  name: string;
  type: OnnxElementType;
  /** A number is a fixed size, a string a named symbolic one. */
  shape: (number | string)[];
}

export interface OnnxGraph {
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  inputs: OnnxValue[];
  outputs: OnnxValue[];
  opset: number;
}

class Writer {
  private chunks: Uint8Array[] = [];
  private length = 0;

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  private varint(value: bigint): void {
    // Negative int64 values are written as their 64-bit two's complement, as protobuf requires.
    let v = BigInt.asUintN(64, value);
    const out: number[] = [];
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v > 0n) byte |= 0x80;
      out.push(byte);
    } while (v > 0n);
    this.push(Uint8Array.from(out));
  }

  private tag(field: number, wire: number): void {
    this.varint(BigInt((field << 3) | wire));
  }

  int(field: number, value: number): this {
    this.tag(field, 0);
    this.varint(BigInt(value));
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, 2);
    this.varint(BigInt(value.length));
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (w: Writer) => void): this {
    const inner = new Writer();
    build(inner);
    return this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

// Field numbers from onnx.proto3.
function tensor(w: Writer, t: OnnxTensor): void {
  for (const d of t.dims) w.int(1, d);
  w.int(2, t.type).string(8, t.name).bytes(9, t.raw);
}

function attribute(w: Writer, a: OnnxAttribute): void {
  w.string(1, a.name);
  if ('int' in a) w.int(3, a.int).int(20, 2);
  else if ('ints' in a) {
    for (const i of a.ints) w.int(8, i);
    w.int(20, 7);
  } else w.message(5, (m) => tensor(m, a.tensor)).int(20, 4);
}

function valueInfo(w: Writer, v: OnnxValue): void {
  w.string(1, v.name).message(2, (type) =>
    type.message(1, (t) =>
      t.int(1, v.type).message(2, (shape) => {
        for (const d of v.shape) {
          shape.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)));
        }
      }),
    ),
  );
}

export function encodeOnnxModel(graph: OnnxGraph, producer: string): Uint8Array {
  return new Writer()
    .int(1, 8)
    .string(2, producer)
    .message(7, (g) => {
      graph.nodes.forEach((n, i) =>
        g.message(1, (m) => {
          for (const input of n.inputs) m.string(1, input);
          for (const output of n.outputs) m.string(2, output);
          m.string(3, `n${i}_${n.op}`).string(4, n.op);
          for (const a of n.attributes ?? []) m.message(5, (x) => attribute(x, a));
        }),
      );
      g.string(2, producer);
      for (const t of graph.initializers) g.message(5, (m) => tensor(m, t));
      for (const v of graph.inputs) g.message(11, (m) => valueInfo(m, v));
      for (const v of graph.outputs) g.message(12, (m) => valueInfo(m, v));
    })
    .message(8, (o) => o.string(1, '').int(2, graph.opset))
    .finish();
}

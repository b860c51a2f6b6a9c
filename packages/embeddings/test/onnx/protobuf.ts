// A minimal protocol-buffers writer: just enough of the wire format to encode an ONNX model by hand.

/** Wire types of the protobuf encoding (only the two ONNX's fields need here). */
const VARINT = 0;
const LENGTH_DELIMITED = 2;

export type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  // int64 fields are encoded as unsigned two's complement, so negative values take ten bytes.
  let v = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) byte |= 0x80;
    bytes.push(byte);
  } while (v !== 0n);
  return bytes;
}

function tag(field: number, wireType: number): number[] {
  return varint((field << 3) | wireType);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function int(field: number, value: number | bigint): Field {
  return Uint8Array.from([...tag(field, VARINT), ...varint(value)]);
}

export function bytes(field: number, value: Uint8Array): Field {
  return concat([
    Uint8Array.from([...tag(field, LENGTH_DELIMITED), ...varint(value.length)]),
    value,
  ]);
}

export function str(field: number, value: string): Field {
  return bytes(field, new TextEncoder().encode(value));
}

/** An embedded message is its fields, length-delimited. */
export function msg(field: number, fields: readonly Field[]): Field {
  return bytes(field, concat(fields));
}

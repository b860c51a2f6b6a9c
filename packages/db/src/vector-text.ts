// pgvector's text form of a vector, its numbers written as C99 hexadecimal floats.
//
// pgvector reads each number with strtof. In the embedded database (PostgreSQL compiled to
// WebAssembly, with musl's strtof) a decimal number costs over a microsecond: 600-900 µs for the
// 512 numbers of the default model's vector, paid on every statement that sends one (a recall sent
// four). A hexadecimal float is read without decimal conversion, about 8 times faster, and it is
// exact: each number is the float32 that pgvector stores, bit for bit. glibc's strtof (PostgreSQL
// on a server) reads the same form.

const bits = new DataView(new ArrayBuffer(4));

/** One number as the float32 pgvector will store: non-finite numbers are written as 0. */
function hexFloat(value: number): string {
  if (!Number.isFinite(value)) return '0';
  bits.setFloat32(0, value);
  const word = bits.getUint32(0);
  const sign = word >>> 31 ? '-' : '';
  const exponent = (word >>> 23) & 0xff;
  // 23 fraction bits, shifted to 24 so they fill six hexadecimal digits, trailing zeros dropped.
  let bitsLeft = (word & 0x7fffff) << 1;
  let digits = 6;
  while (bitsLeft !== 0 && (bitsLeft & 0xf) === 0) {
    bitsLeft >>>= 4;
    digits--;
  }
  const fraction = bitsLeft === 0 ? '' : `.${bitsLeft.toString(16).padStart(digits, '0')}`;
  if (exponent === 0) return fraction === '' ? '0' : `${sign}0x0${fraction}p-126`;
  return `${sign}0x1${fraction}p${exponent - 127}`;
}

/** `[…]` for a bound parameter cast to `vector`. */
export function vectorText(values: ArrayLike<number>): string {
  return `[${Array.from(values, hexFloat).join(',')}]`;
}

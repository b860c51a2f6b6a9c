// A vector sent as hexadecimal floats is read by pgvector as exactly the float32 numbers it holds.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, vectorText, type Database } from '../src/index';
import { openTestDatabase } from './support';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The numbers pgvector stored, each as the float4 it is (its shortest decimal text, read back exactly). */
async function stored(text: string): Promise<number[]> {
  const [row] = rowsOf<{ numbers: string }>(
    await database.db.execute(sql`select array_to_string(${text}::vector::real[], ' ') as numbers`),
  );
  return row!.numbers.split(' ').map((n) => Math.fround(Number(n)));
}

describe('vectorText', () => {
  it('is read back bit for bit, signs, zeros, tiny and large numbers included', async () => {
    const numbers = [
      0.028604059, -0.068019554, 1, -1, 0.5, 3, 1e-8, -2.5e-30, 123456.789, 3.4e38, -0, 0,
      // float32 subnormals: below the smallest normal number, 2^-126.
      2 ** -130, -(2 ** -149), 1.1e-40,
    ];
    const expected = numbers.map((n) => Math.fround(n));
    expect(await stored(vectorText(numbers))).toEqual(expected.map((n) => (Object.is(n, -0) ? 0 : n)));
  });

  it('gives the same vector as the decimal form, for a model-sized vector', async () => {
    const vector = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i * 7.3) / 17);
    const [row] = rowsOf<{ same: boolean; distance: number }>(
      await database.db.execute(sql`select ${vectorText(vector)}::vector = ${`[${Array.from(vector).join(',')}]`}::vector as same,
        ${vectorText(vector)}::vector <=> ${`[${Array.from(vector).join(',')}]`}::vector as distance`),
    );
    expect(row).toEqual({ same: true, distance: 0 });
  });

  it('writes a number that is not finite as 0, as pgvector refuses it', async () => {
    expect(vectorText([Number.NaN, Number.POSITIVE_INFINITY, 0.25])).toBe('[0,0,0x1p-2]');
    expect(await stored(vectorText([Number.NaN, -Infinity, 0.25]))).toEqual([0, 0, 0.25]);
  });
});

// Card numbers stay unique and gapless when many cards are created at once.
// PGlite serialises transactions itself; the PostgreSQL leg (db:postgres) runs the same race with
// truly concurrent connections from a pool of 10.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateCardNumber, cardLabel, cards, type Database } from '../src/index';
import { testStorage } from '../src/testing';
import { expectForbidden, openTestDatabase, seedCast, type Cast } from './support';

function createCards(database: Database, userId: string, boardId: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      database.asUser({ userId }, async (tx) => {
        const number = await allocateCardNumber(tx, boardId);
        await tx.insert(cards).values({ boardId, number, title: `card ${i}`, type: 'task' });
        return number;
      }),
    ),
  );
}

describe(`card numbers (${testStorage()})`, () => {
  let database: Database;
  let cast: Cast;
  beforeAll(async () => {
    database = await openTestDatabase({ poolMax: 10 });
    cast = await seedCast(database);
  });
  afterAll(() => database.close());

  it('gives 20 parallel creators 20 distinct numbers without gaps', async () => {
    const numbers = await createCards(database, cast.bob.id, cast.alpha.board, 20);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('gives a number back when its transaction rolls back', async () => {
    const board = cast.gamma.board;
    await expect(
      database.asUser({ userId: cast.dave.id }, async (tx) => {
        await allocateCardNumber(tx, board);
        throw new Error('card validation failed');
      }),
    ).rejects.toThrow('card validation failed');
    const [next] = await createCards(database, cast.dave.id, board, 1);
    expect(next).toBe(1);
    expect(cardLabel(next ?? 0)).toBe('SVC-1');
  });

  it('refuses a reader taking a number', async () => {
    await expectForbidden(database.asUser({ userId: cast.carol.id }, (tx) => allocateCardNumber(tx, cast.alpha.board)));
  });
});

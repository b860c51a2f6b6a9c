// Memories saved but not yet checked (0028): marked by their owner in the saving transaction, worked off by the job alone.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearChecksDue, dueChecks, markChecksDue, memories, type Database } from '../src/index';
import { expectForbidden, openTestDatabase, seedCast, seedMemory, type Cast } from './support';

let database: Database;
let cast: Cast;
beforeAll(async () => {
  database = await openTestDatabase();
  cast = await seedCast(database);
}, 60_000);
afterAll(() => database.close());

const as = (userId: string) => ({ userId, aal: 'aal1' as const });

describe('memory_checks_due', () => {
  it('lets an owner mark their own memory in their transaction, and no one else; signed-in roles read nothing', async () => {
    const mine = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'The release train leaves on Wednesdays.' });
    await database.asUser(as(cast.alice.id), (tx) => markChecksDue(tx, [mine]));
    // bob writes in alpha, but the memory is alice's: marking it is refused.
    const other = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'The release train is long.' });
    await expectForbidden(database.asUser(as(cast.bob.id), (tx) => markChecksDue(tx, [other])));
    await expectForbidden(database.asUser(as(cast.alice.id), (tx) => tx.execute(sql`select * from memory_checks_due`)));
    await expectForbidden(database.asUser(as(cast.alice.id), (tx) => clearChecksDue(tx, [mine])));
    expect(await dueChecks(database.db, { limit: 100, waitForTranslation: false })).toEqual([mine]);
    await clearChecksDue(database.db, [mine]);
  });

  it('hands out the oldest first, skips what a run tried, waits for a translation when asked, and keeps a mark once', async () => {
    const first = await seedMemory(database, { ownerId: cast.dave.id, scopeId: cast.dave.personal, content: 'The kiosk reboots at night.' });
    const german = await seedMemory(database, { ownerId: cast.dave.id, scopeId: cast.dave.personal, content: 'Der Kiosk startet nachts neu.', language: 'de' });
    const last = await seedMemory(database, { ownerId: cast.dave.id, scopeId: cast.dave.personal, content: 'The kiosk has no keyboard.' });
    // PGlite's clock counts milliseconds: marks made within one would tie on due_at (and then go
    // by id), so each is made in a millisecond of its own.
    for (const id of [first, german, last]) {
      await markChecksDue(database.db, [id]);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await markChecksDue(database.db, [first, last]);
    expect(await dueChecks(database.db, { limit: 10, waitForTranslation: false })).toEqual([first, german, last]);
    expect(await dueChecks(database.db, { limit: 1, waitForTranslation: false, skip: [first] })).toEqual([german]);
    expect(await dueChecks(database.db, { limit: 10, waitForTranslation: true })).toEqual([first, last]);
    await database.db.update(memories).set({ contentEn: 'The kiosk restarts at night.', translatedFrom: sql`md5(${memories.content})` }).where(sql`${memories.id} = ${german}`);
    expect(await dueChecks(database.db, { limit: 10, waitForTranslation: true })).toEqual([first, german, last]);
    await clearChecksDue(database.db, [first, german, last]);
    expect(await dueChecks(database.db, { limit: 10, waitForTranslation: false })).toEqual([]);
  });

  it('goes with its memory', async () => {
    const id = await seedMemory(database, { ownerId: cast.dave.id, scopeId: cast.dave.personal, content: 'A note to delete.' });
    await markChecksDue(database.db, [id]);
    await database.db.delete(memories).where(sql`${memories.id} = ${id}`);
    expect(await dueChecks(database.db, { limit: 10, waitForTranslation: false })).toEqual([]);
  });
});

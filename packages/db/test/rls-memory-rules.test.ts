// The contract's "Database API rules on memories" 1 to 4, checked by real SQL as the signed-in role.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories, type Database } from '../src/index';
import {
  expectForbidden,
  openTestDatabase,
  readMemory,
  seedCast,
  seedMemory,
  updateMemoryAs,
  type Cast,
  type MemoryChange,
} from './support';

let database: Database;
let cast: Cast;

beforeAll(async () => {
  database = await openTestDatabase();
  cast = await seedCast(database);
});
afterAll(() => database.close());

const as = (userId: string) => ({ userId });
const update = (userId: string, id: string, set: MemoryChange) => updateMemoryAs(database, userId, id, set);

describe('rule 1: owner_id, id and created_at never change', () => {
  it.each([
    ['owner_id', () => ({ ownerId: cast.bob.id })],
    ['id', () => ({ id: randomUUID() })],
    ['created_at', () => ({ createdAt: new Date('2020-01-01T00:00:00Z') })],
  ])('refuses the owner changing %s', async (_column, change) => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'rule one' });
    await expectForbidden(update(cast.alice.id, id, change()));
    expect((await readMemory(database, id))?.ownerId).toBe(cast.alice.id);
  });

  it('binds privileged system work too: no one reassigns an owner', async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'mine' });
    await expectForbidden(
      database.system((tx) => tx.update(memories).set({ ownerId: cast.bob.id }).where(eq(memories.id, id))),
    );
  });
});

describe('rule 2: sharing or moving only into a scope the caller writes', () => {
  it('refuses moving a personal memory into a project the caller only reads', async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'to share' });
    await expectForbidden(update(cast.alice.id, id, { scopeId: cast.beta.scope, sharedBy: cast.alice.id }));
  });

  it('refuses moving into a project the caller is not a member of', async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'to share' });
    await expectForbidden(update(cast.alice.id, id, { scopeId: cast.gamma.scope }));
  });

  it("refuses moving a shared memory into another user's personal scope", async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'shared' });
    await expectForbidden(update(cast.alice.id, id, { scopeId: cast.bob.personal }));
  });

  it('refuses inserting straight into a read-only scope', async () => {
    await expectForbidden(
      database.asUser(as(cast.alice.id), (tx) =>
        tx.insert(memories).values({ ownerId: cast.alice.id, scopeId: cast.beta.scope, content: 'x' }),
      ),
    );
  });

  it('lets the owner share into a project they own, and derives project_id', async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alice.personal, content: 'share me' });
    const changed = await update(cast.alice.id, id, { scopeId: cast.alpha.scope, sharedBy: cast.alice.id, sharedAt: new Date() });
    expect(changed).toHaveLength(1);
    expect((await readMemory(database, id))?.projectId).toBe(cast.alpha.id);
  });
});

describe('rule 3: only the caller can be named', () => {
  it.each([
    ['invalidated_by', () => ({ invalidatedBy: cast.bob.id, invalidatedAt: new Date() })],
    ['shared_by', () => ({ sharedBy: cast.bob.id })],
  ])('refuses naming another user in %s', async (_column, change) => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'names' });
    await expectForbidden(update(cast.alice.id, id, change()));
  });

  it('refuses an insert that names another user', async () => {
    await expectForbidden(
      database.asUser(as(cast.alice.id), (tx) =>
        tx.insert(memories).values({ ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'x', sharedBy: cast.bob.id }),
      ),
    );
  });

  it('accepts naming oneself', async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'names' });
    expect(await update(cast.alice.id, id, { invalidatedBy: cast.alice.id, invalidatedAt: new Date() })).toHaveLength(1);
  });
});

describe("rule 4: a writer on another member's memory may only retire it in their own name", () => {
  let shared: string;
  beforeAll(async () => {
    shared = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'team fact' });
  });

  it('refuses the writer editing the content', async () => {
    await expectForbidden(update(cast.bob.id, shared, { content: 'rewritten by bob' }));
    expect((await readMemory(database, shared))?.content).toBe('team fact');
  });

  it('refuses the writer retiring it in someone else’s name', async () => {
    await expectForbidden(update(cast.bob.id, shared, { invalidatedAt: new Date(), invalidatedBy: cast.alice.id }));
  });

  it('allows the writer retiring it in their own name', async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'stale' });
    const changed = await update(cast.bob.id, id, {
      invalidatedAt: new Date(),
      invalidatedBy: cast.bob.id,
      invalidationReason: 'outdated',
    });
    expect(changed).toHaveLength(1);
    expect((await readMemory(database, id))?.invalidatedBy).toBe(cast.bob.id);
  });

  it('allows the writer closing an open loop, but not reopening one or restoring a retired memory', async () => {
    const loop = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'todo', loopState: 'open' });
    const closed = await update(cast.bob.id, loop, {
      loopState: 'closed',
      loopClosedAt: new Date(),
      invalidatedAt: new Date(),
      invalidatedBy: cast.bob.id,
    });
    expect(closed).toHaveLength(1);
    await expectForbidden(update(cast.bob.id, loop, { loopState: 'open', loopClosedAt: null }));
    await expectForbidden(update(cast.bob.id, loop, { invalidatedAt: null, invalidatedBy: null }));
  });

  it('refuses a reader any write', async () => {
    await expectForbidden(update(cast.carol.id, shared, { invalidatedAt: new Date(), invalidatedBy: cast.carol.id }));
    await expectForbidden(
      database.asUser(as(cast.carol.id), (tx) =>
        tx.insert(memories).values({ ownerId: cast.carol.id, scopeId: cast.alpha.scope, content: 'x' }),
      ),
    );
  });
});

// The pg driver path: PGlite served over the Postgres wire protocol by pglite-socket.
// pglite-socket funnels every connection into one PGlite session, so two pooled transactions
// would interleave: the pool is sized 1 here (openDatabase's poolMax).
import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories, openDatabase, rowsOf, runMigrations, searchMemories, type Database } from '../src/index';
import { readCatalog } from './catalog';
import { expectForbidden, seedCast, seedMemory, type Cast } from './support';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

let pglite: PGlite;
let server: PGLiteSocketServer;
let database: Database;
let cast: Cast;

beforeAll(async () => {
  pglite = await PGlite.create({ extensions: { vector } });
  const port = await freePort();
  server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port });
  await server.start();
  database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/postgres`, poolMax: 1 });
  cast = await seedCast(database);
});

afterAll(async () => {
  await database?.close();
  await server?.stop();
  await pglite?.close();
});

describe('server driver over pglite-socket', () => {
  it('migrates through pg and is a no-op the second time', async () => {
    expect(database.kind).toBe('server');
    const before = await readCatalog(database);
    await runMigrations(database);
    expect(await readCatalog(database)).toEqual(before);
    await database.ping();
  });

  it('enforces row-level security for the signed-in role', async () => {
    const id = await seedMemory(database, { ownerId: cast.alice.id, scopeId: cast.alpha.scope, content: 'wire protocol facts' });
    await expectForbidden(
      database.asUser({ userId: cast.bob.id }, (tx) => tx.update(memories).set({ content: 'x' }).where(eq(memories.id, id))),
    );
    await expectForbidden(
      database.asUser({ userId: cast.alice.id }, (tx) => tx.update(memories).set({ ownerId: cast.bob.id }).where(eq(memories.id, id))),
    );
    const seenByDave = await database.asUser({ userId: cast.dave.id }, (tx) => tx.select().from(memories));
    expect(seenByDave).toEqual([]);
    const hits = await database.asUser({ userId: cast.carol.id }, (tx) => searchMemories(tx, { query: 'protocol' }));
    expect(hits.map((hit) => hit.memory_id)).toEqual([id]);
    await expectForbidden(database.asAnon((tx) => tx.execute(sql`select * from svc_search_memories('protocol', 5)`)));
  });

  it('leaves no role or caller behind on the pooled connection', async () => {
    await database.asUser({ userId: cast.alice.id }, async () => undefined);
    const [row] = rowsOf<{ role: string; uid: string | null }>(
      await database.db.execute(sql`select current_user as role, nullif(current_setting('svc.user_id', true), '') as uid`),
    );
    expect(row).toEqual({ role: 'postgres', uid: null });
  });
});

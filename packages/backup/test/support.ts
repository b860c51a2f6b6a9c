// Test fixtures: real data written through the product's own functions, and a per-table hash of every row.
import { sql } from 'drizzle-orm';
import {
  allocateCardNumber,
  cards,
  createApiToken,
  createProject,
  createUser,
  memories,
  memoryEmbeddings,
  memorySupersedes,
  promotedRules,
  rowsOf,
  setProjectMember,
  usageEvents,
  type Database,
} from '@svc/db';
import { createHash } from 'node:crypto';
import type { BackupTarget } from '../src/index';

/** Text that breaks naive dumps: quotes, backslashes, newlines, tabs, JSON-looking strings, emoji, NUL-free unicode. */
const AWKWARD = 'quote " and \' back\\slash\nnew line\ttab {"looks":"like json"} \\N ümlaut 日本 🚀';

export async function seedEverything(database: Database): Promise<void> {
  await database.system(async (tx) => {
    const alice = await createUser(tx, 'alice@example.test', 'Alice');
    const bob = await createUser(tx, 'bob@example.test', 'Bob');
    await createApiToken(tx, alice.user.id, { name: 'laptop' });
    const alpha = await createProject(tx, { ownerId: alice.user.id, name: 'alpha' });
    await setProjectMember(tx, alpha.project.id, bob.user.id, 'writer');
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const [row] = await tx
        .insert(memories)
        .values({
          ownerId: i % 3 === 0 ? bob.user.id : alice.user.id,
          scopeId: i % 2 === 0 ? alpha.scopeId : alice.personalScopeId,
          content: `memory ${i}: ${AWKWARD}`,
          tags: ['backup', `t${i}`, 'with,comma', 'with "quote"'],
          importance: i / 31,
          metadata: { index: i, nested: { text: AWKWARD, list: [1, 2.5, null, true] } },
          eventAt: new Date(Date.UTC(2026, 0, 1 + i, 12, 0, 0, 123)),
        })
        .returning({ id: memories.id });
      ids.push(row!.id);
      await tx.insert(memoryEmbeddings).values({
        memoryId: row!.id,
        model: 'test-model',
        embedding: Array.from({ length: 8 }, (_, k) => Math.sin(i * 8 + k) / 3),
      });
    }
    await tx.insert(memorySupersedes).values({ predecessorId: ids[0]!, successorId: ids[1]!, createdBy: alice.user.id });
    await tx.insert(promotedRules).values({ ownerId: alice.user.id, scopeId: alpha.scopeId, ruleText: `Always ${AWKWARD}`, sourceMemoryId: ids[2]! });
    const number = await allocateCardNumber(tx, alpha.boardId);
    await tx.insert(cards).values({ boardId: alpha.boardId, number, title: 'Back up the data', body: AWKWARD, createdBy: alice.user.id, sourceMemoryId: ids[3]! });
    // Usage events across months: some land in monthly partitions, older ones in the default one.
    for (const [m, tool] of [[-14, 'remember'], [-1, 'recall'], [0, 'recall'], [0, 'remember']] as const) {
      const at = new Date();
      at.setUTCMonth(at.getUTCMonth() + m);
      await tx.insert(usageEvents).values({ userId: alice.user.id, tool, outcome: 'ok', durationMs: 12, createdAt: at });
    }
  });
}

/** The tables a backup covers (partitions are read through their parent). */
export async function publicTables(database: Database): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await database.db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`),
  );
  return rows.map((r) => r.name);
}

/**
 * Per table: the row count and one hash over the sorted hashes of every whole row (generated
 * columns included), computed by the database and independent of the backup code.
 */
export async function rowHashes(database: Database): Promise<Record<string, { rows: number; hash: string }>> {
  const out: Record<string, { rows: number; hash: string }> = {};
  for (const name of await publicTables(database)) {
    const rows = rowsOf<{ h: string }>(await database.db.execute(sql.raw(`select md5(t::text) as h from public."${name}" t`)));
    const sorted = rows.map((r) => r.h).sort();
    out[name] = { rows: sorted.length, hash: createHash('sha256').update(sorted.join('\n')).digest('hex') };
  }
  return out;
}

/** `target` with hooks around each table file a backup stores: `before` it, and `after` with the count so far. */
export function tapPuts(target: BackupTarget, hooks: { before?: () => Promise<void>; after?: (puts: number) => void }): BackupTarget {
  let puts = 0;
  return {
    ...target,
    open(id) {
      const writer = target.open(id);
      return {
        ...writer,
        async put(file, from) {
          await hooks.before?.();
          await writer.put(file, from);
          hooks.after?.(++puts);
        },
      };
    },
  };
}

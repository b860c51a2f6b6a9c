// Fixtures for the retrieval tests: a migrated test database of this leg, two users, and a fake embedder.
import { createLogger, type Logger } from '@svc/observability';
import {
  createProject,
  createUser,
  memories,
  type Database,
  type UserContext,
} from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { storeEmbeddings } from '../src/retrieval/store-embeddings';
import type { Embedder } from '@svc/embeddings';

export interface World {
  database: Database;
  alice: UserContext & { personal: string };
  bob: UserContext & { personal: string };
  /** A project of alice's that bob is not in. */
  project: { id: string; scope: string };
}

export async function openWorld(): Promise<World> {
  const database = await openTestDatabase();
  const a = await createUser(database.db, 'alice@retrieval.test', 'alice');
  const b = await createUser(database.db, 'bob@retrieval.test', 'bob');
  const created = await createProject(database.db, { ownerId: a.user.id, name: 'retrieval' });
  return {
    database,
    alice: { userId: a.user.id, aal: 'aal2', personal: a.personalScopeId },
    bob: { userId: b.user.id, aal: 'aal2', personal: b.personalScopeId },
    project: { id: created.project.id, scope: created.scopeId },
  };
}

export type NewMemory = Omit<typeof memories.$inferInsert, 'ownerId' | 'scopeId'> & {
  scopeId?: string;
};

/** Inserts as the user, in order (one statement), returning the ids. */
export async function store(
  world: World,
  who: World['alice'],
  rows: NewMemory[],
): Promise<string[]> {
  const inserted = await world.database.asUser(who, (tx) =>
    tx
      .insert(memories)
      .values(rows.map((r) => ({ ...r, ownerId: who.userId, scopeId: r.scopeId ?? who.personal })))
      .returning({ id: memories.id }),
  );
  return inserted.map((r) => r.id);
}

/** A logger that writes nothing; tests spy on its methods to see the duration_ms records. */
export function silentLogger(): Logger {
  const logger = createLogger({ level: 'debug' });
  logger.silent = true;
  return logger;
}

const DIMS = 16;

/** Word hashing into 16 dimensions: texts sharing words are close, like a (very) small model. */
export function fakeEmbedder(model = 'fake-16'): Embedder & { calls: number } {
  const vectorOf = (text: string) => {
    const v = new Float32Array(DIMS);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
      let h = 0;
      for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
      v[h % DIMS] = (v[h % DIMS] ?? 0) + 1;
    }
    const norm = Math.hypot(...v) || 1;
    return v.map((x) => x / norm);
  };
  const embedder = {
    model,
    calls: 0,
    dimensions: () => Promise.resolve(DIMS),
    embed(texts: readonly string[]) {
      embedder.calls++;
      return Promise.resolve(texts.map(vectorOf));
    },
    warm: () => Promise.resolve(),
    isWarm: () => true,
    close: () => Promise.resolve(),
  };
  return embedder;
}

/** A vector of length one along the given components. */
export const unitVector = (...v: number[]): number[] => v.map((x) => x / Math.hypot(...v));

/** Stores hand-made vectors of `model` for memories named by key (as the service, past row-level security). */
export async function storeNamedVectors(
  world: World,
  model: string,
  ids: Record<string, string>,
  vectors: Record<string, number[]>,
): Promise<void> {
  await world.database.system((tx) =>
    storeEmbeddings(tx, model, Object.entries(vectors).map(([key, vector]) => ({ memoryId: ids[key]!, vector }))),
  );
}

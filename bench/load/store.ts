// The load run's store: users with API tokens, a project each, and memories to search, in an embedded data directory.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiToken, createProject, createUser, ensureEmbeddingIndex, openDatabase } from '@svc/db';
import { sql } from 'drizzle-orm';
import { fill } from '../latency/fill';
import { rng, SyntheticText } from '../latency/synthetic';

export interface LoadUser {
  email: string;
  token: string;
  projectId: string;
}

export interface PreparedStore {
  dataDir: string;
  users: LoadUser[];
}

/** `memoriesPerUser` synthetic memories in each user's project, vectors jittered from `pool` as in the latency run. */
export async function prepareStore(opts: {
  users: number;
  memoriesPerUser: number;
  model: string;
  pool: readonly Float32Array[];
}): Promise<PreparedStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-load-'));
  const database = await openDatabase({ dataDir });
  try {
    const random = rng(5);
    const text = new SyntheticText(random);
    const users: LoadUser[] = [];
    const dims = opts.pool[0]!.length;
    for (let i = 0; i < opts.users; i++) {
      const email = `load-${i}@bench.test`;
      const { user } = await createUser(database.db, email, `load ${i}`);
      const { token } = await createApiToken(database.db, user.id);
      const { project, scopeId } = await createProject(database.db, { ownerId: user.id, name: `load-${i}` });
      const actor = { userId: user.id, aal: 'aal2' as const };
      await fill({ database, actor, scopeId, model: opts.model, pool: opts.pool }, text, random, 0, opts.memoriesPerUser);
      users.push({ email, token, projectId: project.id });
    }
    await ensureEmbeddingIndex(database.db, opts.model, dims);
    for (const table of ['memories', 'memory_search_docs', 'memory_embeddings']) {
      await database.db.execute(sql.raw(`vacuum (analyze) ${table}`));
    }
    return { dataDir, users };
  } finally {
    await database.close();
  }
}

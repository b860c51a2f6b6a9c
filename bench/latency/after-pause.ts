// `tsx latency/after-pause.ts --data-dir DIR [--pause 31] [--rounds 3]`: recall as an agent calls it, minutes
// apart rather than back to back, on a copy of a loaded embedded store (such as one the fill cache keeps).
// Ten calls back to back, then per round: a pause longer than the collection statistics' lifetime, a
// recall, a second one a second later (an agent's next call after its model has read the answer).
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { openDatabase, rowsOf } from '@svc/db';
import { createEmbedder } from '@svc/embeddings';
import { sql } from 'drizzle-orm';
import { connectInProcess } from '../shared/in-process-svc';
import { quietLogger } from '../shared/quiet-logger';
import { PROJECT } from './backends';
import { rng, SyntheticText } from './synthetic';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    pause: { type: 'string', default: '31' },
    rounds: { type: 'string', default: '3' },
  },
});
if (!values['data-dir']) throw new Error('--data-dir: a loaded embedded store (e.g. under the fill cache: <key>/data)');
const pauseMs = Number(values.pause) * 1000;
const copy = await mkdtemp(join(tmpdir(), 'svc-pause-'));
await cp(values['data-dir'], copy, { recursive: true });
// As the server opens it (DATABASE_WORKER_THREAD defaults to on).
const database = await openDatabase({ dataDir: copy, migrate: true, workerThread: true });
const embedder = createEmbedder({ provider: 'use' })!;
try {
  const [owner] = rowsOf<{ user_id: string; project_id: string; email: string }>(
    await database.db.execute(sql`select m.user_id, p.id as project_id, u.email from projects p
      join project_members m on m.project_id = p.id join users u on u.id = m.user_id where p.name = ${PROJECT}`),
  );
  const svc = await connectInProcess(database, { id: owner!.user_id, email: owner!.email }, embedder, quietLogger());
  const text = new SyntheticText(rng(7));
  const scope = `project:${owner!.project_id}`;
  const recall = async () => {
    const started = performance.now();
    await svc.client.callTool({ name: 'recall', arguments: { query: text.sentence(4, 8), k: 10, scope } });
    return (performance.now() - started).toFixed(1);
  };
  const burst: string[] = [];
  for (let i = 0; i < 10; i++) burst.push(await recall());
  console.log(`back to back (ms): ${burst.join(' ')}`);
  for (let round = 1; round <= Number(values.rounds); round++) {
    await sleep(pauseMs);
    const first = await recall();
    await sleep(1000);
    console.log(`after ${values.pause} s: ${first} ms, a second later: ${await recall()} ms`);
  }
  await svc.close();
} finally {
  await embedder.close();
  await database.close();
  await rm(copy, { recursive: true, force: true });
}

import { openDatabase, createUser, createProject } from '@svc/db';
import { mkdtemp } from 'node:fs/promises';
import { rng, SyntheticText } from './synthetic';
import { fill } from './fill';
const random = rng(3); const text = new SyntheticText(random);
const dir = process.argv[2] === 'mem' ? 'memory://' : await mkdtemp('/tmp/growth-');
const database = await openDatabase({ dataDir: dir });
const { user } = await createUser(database.db, 'g@x.test');
const { scopeId } = await createProject(database.db, { ownerId: user.id, name: 'g' });
const actor = { userId: user.id, aal: 'aal2' as const };
const pool = [Float32Array.from({ length: 512 }, () => random() - 0.5)];
for (let n = 0; n < 30000; n += 5000) {
  const t = performance.now();
  await fill({ database, actor, scopeId, model: 'm', pool }, text, random, n, n + 5000);
  console.log(dir, n + 5000, ((performance.now() - t) / 1000).toFixed(1), 's');
}
await database.close();

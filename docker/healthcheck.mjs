// Container health probe without curl: `URL` answers 2xx, or `--database` (the worker) connects to DATABASE_URL.
import { createRequire } from 'node:module';

const target = process.argv[2];
const fail = (why) => {
  console.error(`unhealthy: ${why}`);
  process.exit(1);
};

if (target === '--database') {
  // pg is a dependency of @svc/db, not of the workspace root: resolve it from there.
  const pg = createRequire(new URL('../packages/db/package.json', import.meta.url))('pg');
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    connectionTimeoutMillis: 3000,
  });
  await client.connect().catch((err) => fail(err.message));
  await client.query('select 1').catch((err) => fail(err.message));
  await client.end();
} else if (target) {
  const res = await fetch(target, { signal: AbortSignal.timeout(3000) }).catch((err) =>
    fail(err.message),
  );
  if (!res.ok) fail(`${target} answered ${res.status}`);
} else {
  fail('give a URL or --database');
}

// One root configuration listing every workspace as a project, so `pnpm test` runs them all at once;
// with SVC_TEST_DATABASE_URL set, the storage suites run a second time against that PostgreSQL.
import { defineConfig } from 'vitest/config';
import { postgresLegProjects } from './tooling/vitest/postgres-leg.ts';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', ...postgresLegProjects(process.env)],
    reporters: ['default', './tooling/vitest/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

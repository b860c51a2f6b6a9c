// The PostgreSQL leg of `pnpm test`: the suites that touch storage, run again against a real PostgreSQL.
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The one list of what the leg runs, by workspace (patterns relative to the workspace). Picked:
 * the tests whose subject is storage — queries and row-level security, migrations, the tool
 * plane, account data and deletion, restarts, readiness and outages, rate limits, concurrency,
 * several instances, backup and restore. Left out: tests of PGlite itself (data-directory
 * persistence, the pglite-socket driver), CLI tests over an embedded data directory, pure unit
 * tests, the browser, and the rest of the HTTP and OAuth surface (it passes with
 * SVC_TEST_STORAGE=postgres too, but would add minutes for little).
 */
const STORAGE_SUITES: Record<string, { root: string; include: string[]; exclude?: string[] }> = {
  db: {
    root: 'packages/db',
    include: ['test/**/*.test.ts'],
    exclude: ['test/persistence.test.ts', 'test/server-driver.test.ts', 'test/database-thread.test.ts'],
  },
  core: {
    root: 'packages/core',
    include: [
      'src/library/vector-similarity.test.ts',
      'src/memory/search-beside-embedding.test.ts',
      'src/retrieval/bm25.test.ts',
      'src/retrieval/conversation-rescore.test.ts',
      'src/retrieval/hybrid-search.test.ts',
      'src/retrieval/indexing.test.ts',
      'src/memory/remember.test.ts',
      'src/sessions/thread-sessions.test.ts',
      'src/retrieval/lexical-plan.test.ts',
      'src/retrieval/neighbour-ranking.test.ts',
      'src/retrieval/search-stages.test.ts',
      'src/retrieval/sql/conversation-signals.test.ts',
      'src/retrieval/sql/generic-plan.test.ts',
      'src/retrieval/sql/time-candidates.test.ts',
      'src/retrieval/sql/vector.test.ts',
      'src/retrieval/unscoped-search.test.ts',
      'src/runs/run-store.test.ts',
      'src/extraction/model-extractor.test.ts',
      'src/sharing/sharing.test.ts',
    ],
  },
  'mcp-server': {
    root: 'apps/mcp-server',
    include: [
      // the tool plane
      'test/memory-tools.test.ts',
      'test/session-threads.test.ts',
      'test/written-fields.test.ts',
      'test/cards-*.test.ts',
      'test/conflict-tools.test.ts',
      'test/library-*.test.ts',
      'test/sharing-tools.test.ts',
      'test/import-and-link.test.ts',
      'test/promote-loop.test.ts',
      'test/ingest-conversation.test.ts',
      'test/ingest-extraction.test.ts',
      'test/rules-and-resources.test.ts',
      'test/background-runs.test.ts',
      'test/translation.test.ts',
      'test/hygiene-reading.test.ts',
      'test/jobs-list.test.ts',
      'test/jobs-worker.test.ts',
      'test/usage-ledger.test.ts',
      // the dashboard's data routes and account deletion (cascades across every table)
      'test/account-data-*.test.ts',
      'test/account-delete.test.ts',
      // first-run setup (two at once make one owner), invitations spent once, the dashboard's tokens
      'test/account-first-run.test.ts',
      'test/account-tokens.test.ts',
      // operation: several instances, readiness, restarts, limits, concurrent sign-ins
      'test/two-instances.test.ts',
      'test/readiness.test.ts',
      'test/oauth-restart.test.ts',
      'test/oauth-sdk-flow.test.ts',
      'test/rate-limit.test.ts',
      'test/shared-limits.test.ts',
      'test/database-outage.test.ts',
      'test/database-startup.test.ts',
      'test/account-login.test.ts',
      'test/oauth-tokens.test.ts',
      'test/concurrent-first-sight.test.ts',
      'test/concurrent-two-instances.test.ts',
      'test/account-oidc-race.test.ts',
      // backups in server mode, and an embedded backup restored into PostgreSQL
      'test/backup-cli-server.test.ts',
    ],
  },
  'jobs-runtime': { root: 'packages/jobs-runtime', include: ['test/**/*.test.ts'] },
  backup: { root: 'packages/backup', include: ['test/**/*.test.ts'] },
};

const SKIPPED =
  'PostgreSQL leg skipped: SVC_TEST_DATABASE_URL not set (tooling/scripts/test-postgres.sh starts one)';

/**
 * With a server URL: one `<workspace>:postgres` project per entry above, each inheriting its
 * workspace's own vitest config. Without: in CI that is an error (the leg is required there);
 * elsewhere one project whose single skipped test names the reason, so the summary shows it.
 */
export function postgresLegProjects(env: NodeJS.ProcessEnv): TestProjectInlineConfiguration[] {
  const url = env.SVC_TEST_DATABASE_URL;
  if (!url) {
    if (env.CI === 'true') {
      throw new Error(
        'CI=true requires the PostgreSQL leg, but SVC_TEST_DATABASE_URL is not set (tooling/scripts/test-postgres.sh start prints one)',
      );
    }
    process.stdout.write(`\n${SKIPPED}\n`);
    return [
      {
        test: {
          name: 'postgres',
          root: 'tooling/vitest',
          include: ['postgres-leg-skipped.test.ts'],
          env: { SVC_POSTGRES_LEG_SKIPPED: SKIPPED },
        },
      },
    ];
  }
  return Object.entries(STORAGE_SUITES).map(([name, suite]) => ({
    extends: `${suite.root}/vitest.config.ts`,
    test: {
      name: `${name}:postgres`,
      root: suite.root,
      include: suite.include,
      exclude: [...(suite.exclude ?? []), '**/node_modules/**'],
      env: { SVC_TEST_STORAGE: 'postgres', SVC_TEST_DATABASE_URL: url },
    },
  }));
}

// The deployment files: compose's services and the Dockerfiles checked by structure (no Docker here),
// and the same stack started without containers from the same environment files.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { parseEnv as parseDotenv } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl, type TestDatabaseUrl } from '@svc/db/testing';
import { renderEdgeConfig } from '../src/edge/render-edge-config';
import { parseEnv } from '../src/env';
import { cliEnv, startServe, stop } from './helpers/cli';
import { findNginx, freePort, startNginx, type RunningNginx } from './helpers/nginx';

const ROOT = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');
// The yaml parser the alert-rules test already installs (packages/observability), not a second copy.
const YAML = createRequire(new URL('packages/observability/package.json', ROOT))('yaml') as {
  parse(text: string, options?: { merge?: boolean }): unknown;
};

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  env_file?: string;
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  healthcheck?: { test: string[] };
  profiles?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
}

const compose = YAML.parse(read('docker/compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const envFile = (service: string): Record<string, string> =>
  parseDotenv(read(`docker/${services[service]!.env_file!}`)) as Record<string, string>;
describe('docker/compose.yaml', () => {
  it('runs the production shape: PostgreSQL, two servers, the jobs worker, the dashboard, the edge, Prometheus', () => {
    expect(Object.keys(services).sort()).toEqual([
      'dashboard',
      'edge',
      'jobs',
      'postgres',
      'prometheus',
      'server-1',
      'server-2',
    ]);
    expect(services.postgres!.image).toMatch(/^pgvector\/pgvector:pg\d+$/);
    expect(services.prometheus!.profiles).toEqual(['monitoring']);
  });

  it('gives every service an image or a Dockerfile that exists, and a health check', () => {
    for (const [name, s] of Object.entries(services)) {
      expect(s.image ?? s.build, name).toBeTruthy();
      if (s.build)
        expect(
          existsSync(new URL(s.build.dockerfile, ROOT)),
          `${name}: ${s.build.dockerfile}`,
        ).toBe(true);
      expect(s.healthcheck?.test.length, `${name} has no healthcheck`).toBeGreaterThan(0);
    }
  });

  it('publishes only the edge (and Prometheus on loopback): a server instance is reached through the edge', () => {
    const published = Object.entries(services)
      .filter(([, s]) => s.ports?.length)
      .map(([n]) => n);
    expect(published.sort()).toEqual(['edge', 'prometheus']);
    expect(services.prometheus!.ports).toEqual(['127.0.0.1:9090:9090']);
    for (const name of ['server-1', 'server-2']) expect(services[name]!.expose).toEqual(['8080']);
    expect(services.dashboard!.expose).toEqual(['3000']);
    expect(services.jobs!.expose).toEqual([envFile('jobs').JOBS_METRICS_PORT]);
  });

  it('gives the edge and the servers one secret and one client-address header, and the edge every instance', () => {
    const edge = { ...envFile('edge'), ...services.edge!.environment };
    for (const name of ['server-1', 'server-2']) {
      const server = { ...envFile(name), ...services[name]!.environment };
      expect(server.EDGE_SHARED_SECRET).toBe(edge.EDGE_SHARED_SECRET);
      expect(server.TRUSTED_CLIENT_IP_HEADER).toBe(edge.TRUSTED_CLIENT_IP_HEADER);
      expect(server.SESSION_COOKIE_PREFIX).toBe(edge.SESSION_COOKIE_PREFIX);
      expect(server.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(edge.EDGE_SERVER_ADDRESSES!.split(' ')).toContain(`${name}:${server.PORT}`);
    }
    expect(edge.EDGE_DASHBOARD).toBe('dashboard:3000');
    expect(services.dashboard!.environment!.MCP_SERVER_URL).toBe(`http://edge:${edge.EDGE_LISTEN}`);
  });

  it('keeps the backups on a named volume, mounted where BACKUP_DIR points in the worker and the servers', () => {
    const dir = envFile('jobs').BACKUP_DIR!;
    expect(dir).toMatch(/^\//);
    expect(Object.keys(compose.volumes)).toContain('backups');
    for (const name of ['jobs', 'server-1', 'server-2']) {
      expect(envFile(name).BACKUP_DIR, name).toBe(dir);
      expect(services[name]!.volumes, name).toContain(`backups:${dir}`);
    }
    // An empty named volume takes its owner from the image's directory: both run as `node`.
    expect(read('docker/jobs.Dockerfile')).toContain(`mkdir -p ${dir} && chown node:node ${dir}`);
    expect(read('docker/server.Dockerfile')).toMatch(new RegExp(`mkdir -p .*${dir} && chown node:node .*${dir}`));
  });

  it('loads the alert rules into Prometheus, which scrapes each instance directly', () => {
    expect(services.prometheus!.volumes).toContain(
      './prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro',
    );
    const prom = YAML.parse(read('docker/prometheus/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: { static_configs: { targets: string[] }[] }[];
    };
    expect(prom.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    expect(prom.scrape_configs.flatMap((c) => c.static_configs.flatMap((s) => s.targets))).toEqual([
      'server-1:8080',
      'server-2:8080',
      `jobs:${envFile('jobs').JOBS_METRICS_PORT}`,
    ]);
  });
});

describe('the Dockerfiles', () => {
  const files = { server: '@svc/mcp-server', jobs: '@svc/jobs', dashboard: '@svc/dashboard' };
  for (const [name, pkg] of Object.entries(files)) {
    it(`${name}: multi-stage from a pruned workspace, non-root, a HEALTHCHECK and SVC_BUILD_COMMIT`, () => {
      const text = read(`docker/${name}.Dockerfile`);
      expect(text.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
      expect(text).toContain(`turbo@2 prune ${pkg} --docker`);
      expect(text).toContain('pnpm install --frozen-lockfile');
      expect(text).toMatch(/^USER node$/m);
      expect(text).toMatch(/^HEALTHCHECK .*\n?.*CMD /m);
      expect(text).toMatch(/^ARG SVC_BUILD_COMMIT/m);
      expect(text).toMatch(/^ENV SVC_BUILD_COMMIT=\$\{SVC_BUILD_COMMIT\}/m);
    });
  }

  it('edge: Debian nginx with the shipped template, run as www-data', () => {
    const text = read('docker/edge.Dockerfile');
    expect(text).toContain('COPY docker/edge/nginx.conf.template');
    expect(text).toMatch(/^USER www-data$/m);
    expect(text).toMatch(/^HEALTHCHECK /m);
  });
});

const SECRET = 'stack-secret-0123456789abcdefghijklmnop';

/** The edge image's entry point in render mode, with compose's environment for the edge. */
function renderWithEntrypoint(env: Record<string, string>): string {
  return execFileSync('sh', [new URL('docker/edge/entrypoint.sh', ROOT).pathname, 'render'], {
    env: {
      PATH: process.env.PATH,
      EDGE_TEMPLATE: new URL('docker/edge/nginx.conf.template', ROOT).pathname,
      ...env,
    },
    encoding: 'utf8',
  });
}

const hasEnvsubst = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v envsubst'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasEnvsubst)('the edge image renders what edge:config renders', () => {
  it('from the same template and environment', () => {
    const edge: Record<string, string> = { ...envFile('edge'), EDGE_SHARED_SECRET: SECRET };
    const rendered = renderEdgeConfig({
      listen: edge.EDGE_LISTEN!,
      servers: edge.EDGE_SERVER_ADDRESSES!.split(' '),
      dashboard: edge.EDGE_DASHBOARD!,
      trustedClientIpHeader: edge.TRUSTED_CLIENT_IP_HEADER!,
      sharedSecret: SECRET,
      sessionCookiePrefix: edge.SESSION_COOKIE_PREFIX!,
    });
    expect(renderWithEntrypoint(edge)).toBe(rendered);
  });

  it('refuses a secret it cannot write into nginx.conf', () => {
    expect(() =>
      renderWithEntrypoint({
        ...envFile('edge'),
        EDGE_SHARED_SECRET: 'a"b',
      }),
    ).toThrow();
  });
});

const nginx = findNginx();
const postgres = Boolean(process.env.SVC_TEST_DATABASE_URL);

describe.skipIf(!nginx || !postgres || !hasEnvsubst)(
  'the stack without containers, from the same environment files',
  () => {
    let db: TestDatabaseUrl;
    let edge: RunningNginx;
    let edgeUrl: string;
    const children: ChildProcess[] = [];
    const servers: { url: string; streams: { stdout: string; stderr: string } }[] = [];
    let jobsOutput = '';
    let jobsMetricsPort = 0;
    let backupDir = '';

    /** Compose's environment with this machine's addresses: loopback, test database, the edge's port. */
    const local = (service: string, extra: Record<string, string>) =>
      cliEnv({ ...envFile(service), ...extra });

    beforeAll(async () => {
      db = await createTestDatabaseUrl();
      backupDir = await mkdtemp(join(tmpdir(), 'svc-stack-backups-'));
      const port = await freePort();
      edgeUrl = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 2; i++) {
        const started = await startServe(
          local('server-1', {
            HOST: '127.0.0.1',
            BACKUP_DIR: backupDir,
            DATABASE_URL: db.url,
            PUBLIC_URL: edgeUrl,
            DASHBOARD_URL: edgeUrl,
            EDGE_SHARED_SECRET: SECRET,
          }),
        );
        children.push(started.child);
        servers.push(started);
      }
      // A configuration the servers cannot parse never gets here: startServe rejects on exit.
      jobsMetricsPort = await freePort();
      const jobs = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: new URL('apps/jobs/', ROOT),
        env: local('jobs', {
          DATABASE_URL: db.url,
          // Compose's mount point is not this machine's: the after-deploy backup goes to a scratch directory.
          BACKUP_DIR: backupDir,
          JOBS_METRICS_HOST: '127.0.0.1',
          JOBS_METRICS_PORT: String(jobsMetricsPort),
        }),
      });
      children.push(jobs);
      jobs.stdout.on('data', (d: Buffer) => (jobsOutput += d.toString()));
      jobs.stderr.on('data', (d: Buffer) => (jobsOutput += d.toString()));
      const config = renderWithEntrypoint({
        ...envFile('edge'),
        EDGE_LISTEN: `127.0.0.1:${port}`,
        EDGE_SERVER_ADDRESSES: servers.map((s) => new URL(s.url).host).join(' '),
        EDGE_DASHBOARD: `127.0.0.1:${await freePort()}`,
        EDGE_SHARED_SECRET: SECRET,
      });
      edge = await startNginx(nginx!, config, port);
    }, 120_000);

    afterAll(async () => {
      await edge?.stop();
      for (const child of children) await stop(child);
      await db?.drop();
      if (backupDir) await rm(backupDir, { recursive: true, force: true });
    });

    it('parses every environment file with the settings each program validates at start', () => {
      expect(() => parseEnv({ ...envFile('server-1'), EDGE_SHARED_SECRET: SECRET })).not.toThrow();
    });

    it('serves through the edge from both instances, which refuse direct calls', async () => {
      for (let i = 0; i < 6; i++)
        expect((await fetch(`${edgeUrl}/.well-known/oauth-protected-resource`)).status).toBe(200);
      for (const s of servers) {
        expect(s.streams.stdout + s.streams.stderr).toContain('oauth-protected-resource');
        expect((await fetch(`${s.url}/.well-known/oauth-protected-resource`)).status).toBe(403);
        expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
      }
      expect((await fetch(`${edgeUrl}/metrics`)).status).toBe(404);
    });

    it('runs the jobs worker on the same database', async () => {
      const deadline = Date.now() + 60_000;
      while (!jobsOutput.includes('jobs_worker_started') && Date.now() < deadline) {
        expect(children.at(-1)?.exitCode, jobsOutput).toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const started = jobsOutput.split('\n').find((line) => line.includes('jobs_worker_started'));
      expect(started).toBeDefined();
      // `pnpm jobs` registers the backup jobs, as `svc jobs run` does.
      expect(started).toContain('"backup"');
      expect(started).toContain('"backup-check"');
      // What Prometheus scrapes for the job alarms.
      const metrics = await fetch(`http://127.0.0.1:${jobsMetricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('svc_alarms_total');
    }, 70_000);
  },
);

// `pnpm -s edge:config` as an operator runs it: a complete nginx.conf on stdout, nginx -t accepts it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderEdgeConfig } from '../src/edge/render-edge-config';
import { findNginx } from './helpers/nginx';

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const SECRET = 'cli-secret-0123456789abcdefghijklmnopq';
const ARGS = [
  '--listen',
  '8080',
  '--server',
  'a:8080',
  '--server',
  'b:8080',
  '--dashboard',
  'd:3000',
];

function edgeConfig(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/edge/edge-config-cli.ts', ...args], {
    cwd: APP_DIR,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
  });
}

describe('pnpm -s edge:config', () => {
  it('prints the template rendered with the arguments and the server variables', () => {
    const out = edgeConfig(ARGS, {
      EDGE_SHARED_SECRET: SECRET,
      TRUSTED_CLIENT_IP_HEADER: 'X-Client-Address',
    });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toBe(
      renderEdgeConfig({
        listen: '8080',
        servers: ['a:8080', 'b:8080'],
        dashboard: 'd:3000',
        trustedClientIpHeader: 'x-client-address',
        sharedSecret: SECRET,
        sessionCookiePrefix: 'svc-session',
      }),
    );
  });

  it.skipIf(!findNginx())('prints a configuration nginx -t accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-edge-t-'));
    try {
      const out = edgeConfig(
        ['--listen', '127.0.0.1:1', '--server', '127.0.0.1:2', '--dashboard', '127.0.0.1:3'],
        {
          EDGE_SHARED_SECRET: SECRET,
        },
      );
      writeFileSync(join(dir, 'nginx.conf'), out.stdout);
      // stdout a plain file, as in a container: the access log opens /dev/stdout, which a socket cannot be.
      const test = spawnSync(findNginx()!, ['-t', '-c', join(dir, 'nginx.conf'), '-p', `${dir}/`], {
        encoding: 'utf8',
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      expect(test.stderr).toContain('test is successful');
      expect(test.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 1 with the reason without the shared secret, or with missing arguments', () => {
    const noSecret = edgeConfig(ARGS, {});
    expect(noSecret.status).toBe(1);
    expect(noSecret.stderr).toMatch(/EDGE_SHARED_SECRET/);
    expect(noSecret.stdout).toBe('');
    const noDashboard = edgeConfig(['--listen', '8080', '--server', 'a:8080'], {
      EDGE_SHARED_SECRET: SECRET,
    });
    expect(noDashboard.status).toBe(1);
    expect(noDashboard.stderr).toMatch(/--dashboard/);
  });
});

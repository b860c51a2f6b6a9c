// `svc user add` on a terminal: the password is asked twice with echo off, and works on the dashboard at once.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli, startServe, stop } from './helpers/cli';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'svc-terminal-'));
const env = cliEnv({ DATA_DIR: dataDir, EMBEDDINGS_PROVIDER: 'none' });
let served: Awaited<ReturnType<typeof startServe>>;

beforeAll(async () => {
  served = await startServe(env);
});
afterAll(async () => {
  if (served) await stop(served.child);
  removeDataDir(dataDir);
});

/**
 * Runs `svc ARGS` on a pseudo-terminal (util-linux `script`) and types each answer only once its
 * prompt is on the screen, as a person would: typed early, the terminal would still echo it.
 */
async function onTerminal(args: string[], answers: { prompt: RegExp; text: string }[]): Promise<{ code: number; screen: string }> {
  const command = [process.execPath, '--import', 'tsx', 'src/cli.ts', ...args].map((a) => `'${a}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: APP_DIR, env });
  let screen = '';
  let next = 0;
  let seen = 0;
  const onOutput = (d: Buffer) => {
    // Cursor moves and line clears are the terminal's business: read the text only.
    screen += stripVTControlCharacters(d.toString());
    const answer = answers[next];
    if (answer && answer.prompt.test(screen.slice(seen))) {
      next++;
      seen = screen.length;
      child.stdin.write(`${answer.text}\r`);
    }
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  return { code, screen };
}

async function loginStatus(email: string, password: string): Promise<number> {
  const res = await fetch(`${served.url}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('passwords typed on a terminal', () => {
  const secret = 'plum-velvet-harbour-42';

  it('asks twice without echo, and the new account signs in on the running server', async () => {
    const { code, screen } = await onTerminal(
      ['user', 'add', 'tty@example.com'],
      [
        { prompt: /Password.*: /, text: secret },
        { prompt: /Password again: /, text: secret },
      ],
    );
    expect(code, screen).toBe(0);
    expect(screen).toContain('user tty@example.com created');
    expect(screen).not.toContain(secret);
    expect(await loginStatus('tty@example.com', secret)).toBe(200);
  });

  it('refuses two different answers and creates nothing', async () => {
    const { code, screen } = await onTerminal(
      ['user', 'add', 'typo@example.com'],
      [
        { prompt: /Password.*: /, text: secret },
        { prompt: /Password again: /, text: `${secret}x` },
      ],
    );
    expect(code).toBe(1);
    expect(screen).toMatch(/validation_failed: The two passwords differ/);
    const again = await runCli(['token', 'create', '--user', 'typo@example.com'], env);
    expect(again.stderr).toContain('not_found');
  });

  it('takes an empty answer as no password: the account works with tokens only', async () => {
    const { code, screen } = await onTerminal(['user', 'add', 'tokens@example.com'], [{ prompt: /Password.*: /, text: '' }]);
    expect(code, screen).toBe(0);
    expect((await runCli(['token', 'create', '--user', 'tokens@example.com'], env)).stdout).toMatch(/^svc_/);
    expect(await loginStatus('tokens@example.com', secret)).toBe(401);
  });
});

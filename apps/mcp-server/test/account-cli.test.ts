import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli, startServe, stop } from './helpers/cli';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-account-cli-'));
const env = cliEnv({ DATA_DIR: dataDir });
afterAll(() => removeDataDir(dataDir));

/** `svc …` with `input` written to its stdin, the way an operator pipes a password in. */
const svcWithInput = (args: string[], input: string) => runCli(args, env, input);

async function loginStatus(password: string): Promise<number> {
  const { child, url } = await startServe(env);
  try {
    const res = await fetch(`${url}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'operator@example.com', password }),
    });
    return res.status;
  } finally {
    await stop(child);
  }
}

describe('passwords from the CLI', () => {
  it('adds a user with a password read from stdin, refusing a short one', async () => {
    expect((await runCli(['migrate'], env)).code).toBe(0);
    const short = await svcWithInput(['user', 'add', 'operator@example.com', '--password-stdin'], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('validation_failed');
    const added = await svcWithInput(['user', 'add', 'operator@example.com', '--password-stdin'], 'first password 1\n');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('operator@example.com');
    expect(await loginStatus('first password 1')).toBe(200);
  });

  it('sets a new password with `svc user password`: the old one stops working', async () => {
    const set = await svcWithInput(['user', 'password', 'operator@example.com'], 'second password 2');
    expect(set.code).toBe(0);
    const unknown = await svcWithInput(['user', 'password', 'nobody@example.com'], 'second password 2');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('not_found');
    const tooLong = await svcWithInput(['user', 'password', 'operator@example.com'], 'x'.repeat(257));
    expect(tooLong.code).toBe(1);
    expect(await loginStatus('first password 1')).toBe(401);
    expect(await loginStatus('second password 2')).toBe(200);
  });
});

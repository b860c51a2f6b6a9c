// `login --server URL` without a token: OAuth in a browser through the SDK (registration, PKCE, loopback redirect), then chunks flow.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAndAllow } from './helpers/browser';
import { chunkRecords, startServer, type RunningServer } from './helpers/server';
import { appendTurns, newSession } from './helpers/transcripts';
import {
  removeWatcherHomes,
  runWatcher,
  startWatcher,
  until,
  watcherHome,
} from './helpers/watcher';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await removeWatcherHomes();
});

describe('svc-watcher login with OAuth', () => {
  it('signs in through the browser, keeps the tokens for the user alone, and ships with them', async () => {
    const w = await watcherHome();
    const login = startWatcher(['login', '--server', server.url, '--no-browser'], w.env);
    await until(
      () => /https?:\/\/\S+/.test(login.output.stdout) || login.child.exitCode !== null,
      20_000,
      'the authorization address',
    );
    expect(login.child.exitCode, login.output.stderr).toBeNull();
    const address = /(https?:\/\/\S+)/.exec(login.output.stdout)![1]!;
    const url = new URL(address);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    await signInAndAllow(server.url, address);
    const code = await new Promise((resolve) => login.child.once('exit', resolve));
    expect(code, login.output.stderr).toBe(0);
    expect(login.output.stdout).toContain('Logged in to');

    const oauthFile = join(w.home, '.config', 'svc-watcher', 'oauth.json');
    expect((await stat(oauthFile)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(oauthFile, 'utf8')) as {
      tokens?: { access_token?: string; refresh_token?: string };
    };
    expect(saved.tokens?.access_token).toBeTruthy();
    const credentials = await readFile(
      join(w.home, '.config', 'svc-watcher', 'credentials.json'),
      'utf8',
    );
    expect(credentials).not.toContain('token');

    const session = await newSession(w.home, 'o', 'b0000000-0000-4000-8000-000000000001');
    await appendTurns(session, 0, 2, 200);
    const once = await runWatcher(['once'], w.env);
    expect(once.code, once.stderr).toBe(0);
    const runId = once.logs.find((l) => l.message === 'chunk_sent')?.run_id;
    expect(chunkRecords(server).filter((r) => r.run_id === runId)).toHaveLength(1);

    // An access token the server no longer takes is refreshed by the SDK with the refresh token, and kept.
    const record = JSON.parse(await readFile(oauthFile, 'utf8')) as {
      tokens: { access_token: string; refresh_token: string };
    };
    expect(record.tokens.refresh_token).toBeTruthy();
    await writeFile(
      oauthFile,
      JSON.stringify({
        ...record,
        tokens: { ...record.tokens, access_token: 'expired-or-revoked' },
      }),
    );
    await appendTurns(session, 2, 1, 200);
    const refreshed = await runWatcher(['once'], w.env);
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(refreshed.logs.filter((l) => l.message === 'chunk_sent')).toHaveLength(1);
    const after = JSON.parse(await readFile(oauthFile, 'utf8')) as {
      tokens: { access_token: string };
    };
    expect(after.tokens.access_token).not.toBe('expired-or-revoked');
  });
});

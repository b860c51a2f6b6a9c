// The real watcher process against the real server on loopback: chunks linked by run, retried, refused, redacted.
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkRecords } from './helpers/server';
import { serverSuite } from './helpers/suite';
import { appendTurns, claudeLine, marker, newSession } from './helpers/transcripts';
import { runWatcher, watcherHome } from './helpers/watcher';

const suite = serverSuite();
const { loggedIn, sentFor } = suite;

describe('svc-watcher once', () => {
  it('keeps credentials readable by the user alone, and refuses a wrong token at login', async () => {
    const w = await loggedIn();
    const file = join(w.home, '.config', 'svc-watcher', 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const bad = await runWatcher(
      ['login', '--server', suite.proxy.url, '--token', 'svc_not-a-real-token-at-all-000000'],
      (await watcherHome()).env,
    );
    expect(bad.code).toBe(1);
  });

  it('sends a 60,000-character transcript as three chunks of one run, then only what was appended', async () => {
    const w = await loggedIn();
    const session = await newSession(
      w.home,
      '-home-ada-src-billing',
      'a0000000-0000-4000-8000-000000000001',
    );
    await appendTurns(session, 0, 50, 1165);
    const first = await runWatcher(['once'], w.env);
    expect(first.code, first.stderr).toBe(0);
    const sent = sentFor(session.sessionId);
    expect(sent.map((c) => c.args.sequence)).toEqual([0, 1, 2]);
    expect(new Set(sent.map((c) => c.args.run_id)).size).toBe(1);
    const total = sent.reduce((n, c) => n + c.args.transcript_chunk.length, 0);
    expect(total).toBeGreaterThanOrEqual(60_000);
    expect(total).toBeLessThan(61_000);
    expect(sent.every((c) => c.args.transcript_chunk.length <= 24_000)).toBe(true);
    expect(sent[0]?.args.project_hint).toBe('/home/ada/src/billing');
    // The server stored them under that run id and logged it.
    const runId = sent[0]!.args.run_id;
    expect(
      chunkRecords(suite.server)
        .filter((r) => r.run_id === runId)
        .map((r) => [r.sequence, r.accepted]),
    ).toEqual([
      [0, true],
      [1, true],
      [2, true],
    ]);

    await appendTurns(session, 50, 2, 300);
    const second = await runWatcher(['once'], w.env);
    expect(second.code, second.stderr).toBe(0);
    const more = sentFor(session.sessionId).slice(3);
    expect(more.map((c) => c.args.sequence)).toEqual([3]);
    expect(more[0]?.args.run_id).not.toBe(runId);
    expect(more[0]?.args.transcript_chunk).toContain(marker(50));
    expect(more[0]?.args.transcript_chunk).toContain(marker(51));
    expect(more[0]?.args.transcript_chunk).not.toContain(marker(49));

    const idle = await runWatcher(['once'], w.env);
    expect(idle.code).toBe(0);
    expect(sentFor(session.sessionId)).toHaveLength(4);
  });

  it('waits out a 429 for as long as Retry-After says, then delivers', async () => {
    const w = await loggedIn();
    const session = await newSession(w.home, 'p', 'a0000000-0000-4000-8000-000000000002');
    await appendTurns(session, 0, 3, 200);
    suite.proxy.refuseNext(1, 2);
    const run = await runWatcher(['once'], w.env);
    expect(run.code, run.stderr).toBe(0);
    const busy = run.logs.find((l) => l.message === 'server_busy');
    expect(busy).toMatchObject({ status: 429, retry_in_ms: 2000 });
    const refused = suite.proxy.bodies.find((b) => b.status === 429)!;
    const delivered = sentFor(session.sessionId);
    expect(delivered.map((c) => c.args.sequence)).toEqual([0]);
    expect(delivered[0]!.at - refused.at).toBeGreaterThanOrEqual(2000);
  });

  it('logs a refused chunk with its reason, goes on with the next file, and never sends it again', async () => {
    const w = await loggedIn();
    // A working directory that is no path is a project name the server cannot resolve: validation_failed.
    const bad = await newSession(w.home, 'q', 'a0000000-0000-4000-8000-000000000003');
    await writeFile(
      bad.path,
      claudeLine(bad.sessionId, 0, 'hello from nowhere', 'no-such-project-anywhere'),
    );
    const good = await newSession(w.home, 'r', 'a0000000-0000-4000-8000-000000000004');
    await appendTurns(good, 0, 2, 100);
    const run = await runWatcher(['once'], w.env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.logs.find((l) => l.message === 'chunk_refused')).toMatchObject({
      code: 'validation_failed',
      sequence: 0,
    });
    expect(String(run.logs.find((l) => l.message === 'chunk_refused')?.reason)).toContain(
      'project_hint_unresolvable',
    );
    expect(sentFor(good.sessionId)).toHaveLength(1);
    await runWatcher(['once'], w.env);
    expect(sentFor(bad.sessionId)).toHaveLength(1);
    const status = await runWatcher(['status'], w.env);
    expect(status.stdout).toContain('1 refused');
  });

  it('never lets a secret leave the machine', async () => {
    const w = await loggedIn();
    const session = await newSession(w.home, 's', 'a0000000-0000-4000-8000-000000000005');
    // Built at run time so the repository never holds a token-shaped literal.
    const token = `ghp_${'Zq8'.repeat(12)}`;
    await writeFile(
      session.path,
      claudeLine(session.sessionId, 0, `use ${token} for the deploy bot`, '/home/ada/src/billing'),
    );
    const run = await runWatcher(['once'], w.env);
    expect(run.code, run.stderr).toBe(0);
    expect(sentFor(session.sessionId)[0]?.args.transcript_chunk).toContain('[redacted');
    expect(suite.proxy.bodies.some((b) => b.body.includes(token))).toBe(false);
    expect(run.stderr).not.toContain(token);
  });
});

// The real watcher process against the real server on loopback: chunks linked by run, resumable, deduplicated, redacted.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkRecords, startServer, type RunningServer } from './helpers/server';
import { startProxy, type Proxy } from './helpers/proxy';
import { appendTurns, claudeLine, marker, newSession } from './helpers/transcripts';
import { logsOf, runWatcher, startWatcher, until, watcherHome, type WatcherHome } from './helpers/watcher';

let server: RunningServer;
let proxy: Proxy;

beforeAll(async () => {
  server = await startServer();
  proxy = await startProxy(server.url);
}, 90_000);
afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});

async function loggedIn(): Promise<WatcherHome> {
  const w = await watcherHome();
  const login = await runWatcher(['login', '--server', proxy.url, '--token', server.token], w.env);
  expect(login.code, login.stderr).toBe(0);
  return w;
}

/** User plus system clock ticks of a process, from /proc (fields 14 and 15 after the command name). */
async function cpuTicks(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const sentFor = (sessionId: string) => proxy.chunks.filter((c) => c.args.session_key === `claude-code:${sessionId}`);

describe('svc-watcher once', () => {
  it('keeps credentials readable by the user alone, and refuses a wrong token at login', async () => {
    const w = await loggedIn();
    const file = join(w.home, '.config', 'svc-watcher', 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const bad = await runWatcher(['login', '--server', proxy.url, '--token', 'svc_not-a-real-token-at-all-000000'], (await watcherHome()).env);
    expect(bad.code).toBe(1);
  });

  it('sends a 60,000-character transcript as three chunks of one run, then only what was appended', async () => {
    const w = await loggedIn();
    const session = await newSession(w.home, '-home-ada-src-billing', 'a0000000-0000-4000-8000-000000000001');
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
    expect(chunkRecords(server).filter((r) => r.run_id === runId).map((r) => [r.sequence, r.accepted])).toEqual([
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
    proxy.refuseNext(1, 2);
    const run = await runWatcher(['once'], w.env);
    expect(run.code, run.stderr).toBe(0);
    const busy = run.logs.find((l) => l.message === 'server_busy');
    expect(busy).toMatchObject({ status: 429, retry_in_ms: 2000 });
    const refused = proxy.bodies.find((b) => b.status === 429)!;
    const delivered = sentFor(session.sessionId);
    expect(delivered.map((c) => c.args.sequence)).toEqual([0]);
    expect(delivered[0]!.at - refused.at).toBeGreaterThanOrEqual(2000);
  });

  it('logs a refused chunk with its reason, goes on with the next file, and never sends it again', async () => {
    const w = await loggedIn();
    // A working directory that is no path is a project name the server cannot resolve: validation_failed.
    const bad = await newSession(w.home, 'q', 'a0000000-0000-4000-8000-000000000003');
    await writeFile(bad.path, claudeLine(bad.sessionId, 0, 'hello from nowhere', 'no-such-project-anywhere'));
    const good = await newSession(w.home, 'r', 'a0000000-0000-4000-8000-000000000004');
    await appendTurns(good, 0, 2, 100);
    const run = await runWatcher(['once'], w.env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.logs.find((l) => l.message === 'chunk_refused')).toMatchObject({ code: 'validation_failed', sequence: 0 });
    expect(String(run.logs.find((l) => l.message === 'chunk_refused')?.reason)).toContain('project_hint_unresolvable');
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
    await writeFile(session.path, claudeLine(session.sessionId, 0, `use ${token} for the deploy bot`, '/home/ada/src/billing'));
    const run = await runWatcher(['once'], w.env);
    expect(run.code, run.stderr).toBe(0);
    expect(sentFor(session.sessionId)[0]?.args.transcript_chunk).toContain('[redacted');
    expect(proxy.bodies.some((b) => b.body.includes(token))).toBe(false);
    expect(run.stderr).not.toContain(token);
  });
});

describe('svc-watcher killed and restarted', () => {
  it('stored once, nothing skipped: a chunk the server stored before the kill is resent as a duplicate, then the rest follows', async () => {
    const w = await loggedIn();
    const session = await newSession(w.home, 'k', 'a0000000-0000-4000-8000-000000000006');
    await appendTurns(session, 0, 100, 1165); // about 120,000 characters: six chunks
    proxy.holdAnswersMs = 1500;
    const { child } = startWatcher(['once'], w.env);
    // Killed while the server has stored sequence 1 but its answer has not reached the watcher.
    await until(() => sentFor(session.sessionId).length === 2, 20_000, 'the second chunk to reach the server');
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    proxy.holdAnswersMs = 0;
    await appendTurns(session, 100, 3, 500); // written while the watcher was down

    const again = await runWatcher(['once'], w.env);
    expect(again.code, again.stderr).toBe(0);
    const sent = sentFor(session.sessionId);
    // Sequence 1 was sent twice; the server kept the first and answered the second as a duplicate.
    const last = sent.at(-1)!.args.sequence;
    const upTo = (n: number) => Array.from({ length: n + 1 }, (_, i) => i);
    expect(last).toBeGreaterThanOrEqual(5);
    expect(sent.map((c) => c.args.sequence)).toEqual([0, 1, ...upTo(last).slice(1)]);
    expect(sent[2]?.args.transcript_chunk).toBe(sent[1]?.args.transcript_chunk);
    const records = chunkRecords(server).filter((r) => sent.some((c) => c.args.run_id === r.run_id));
    expect(records.filter((r) => r.accepted).map((r) => r.sequence)).toEqual(upTo(last));
    expect(records.filter((r) => !r.accepted).map((r) => r.sequence)).toEqual([1]);
    // Every turn is in exactly one stored chunk.
    const stored = sent.filter((_, i) => i !== 2).map((c) => c.args.transcript_chunk).join('');
    for (let n = 0; n < 103; n++) expect(stored.split(marker(n)).length - 1, marker(n)).toBe(1);
  });
});

describe('svc-watcher run', () => {
  it('ships appended lines within seconds, without waiting for the safety pass, and stops on SIGTERM', async () => {
    const w = await loggedIn();
    const session = await newSession(w.home, 'd', 'a0000000-0000-4000-8000-000000000007');
    await appendTurns(session, 0, 1, 200);
    const daemon = startWatcher(['run', '--interval', '3600'], w.env);
    try {
      await until(() => sentFor(session.sessionId).length === 1, 15_000, 'the first pass');
      const appendedAt = Date.now();
      await appendTurns(session, 1, 1, 200);
      await until(() => sentFor(session.sessionId).length === 2, 10_000, 'the appended line');
      expect(Date.now() - appendedAt).toBeLessThan(5_000);
      expect(sentFor(session.sessionId)[1]?.args.transcript_chunk).toContain(marker(1));
      if (process.platform === 'linux') {
        // Idle: no polling, so the process spends (almost) no CPU while nothing changes.
        const before = await cpuTicks(daemon.child.pid!);
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        expect((await cpuTicks(daemon.child.pid!)) - before).toBeLessThanOrEqual(3);
      }
    } finally {
      daemon.child.kill('SIGTERM');
      const code = await new Promise((resolve) => daemon.child.once('exit', resolve));
      expect(code).toBe(0);
    }
    expect(logsOf(daemon.output.stderr).some((l) => l.message === 'watching')).toBe(true);
  });
});


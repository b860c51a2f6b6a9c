// The real watcher process killed, cut off from the server, and left running: nothing lost, nothing stored twice.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { chunkRecords } from './helpers/server';
import { serverSuite } from './helpers/suite';
import { appendTurns, marker, newSession } from './helpers/transcripts';
import { logsOf, runWatcher, startWatcher, until } from './helpers/watcher';

const suite = serverSuite();
const { loggedIn, sentFor } = suite;

/** User plus system clock ticks of a process, from /proc (fields 14 and 15 after the command name). */
async function cpuTicks(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

describe('svc-watcher killed and restarted', () => {
  it('stored once, nothing skipped: a chunk the server stored before the kill is resent as a duplicate, then the rest follows', async () => {
    const w = await loggedIn();
    const session = await newSession(w.home, 'k', 'a0000000-0000-4000-8000-000000000006');
    await appendTurns(session, 0, 100, 1165); // about 120,000 characters: six chunks
    suite.proxy.holdAnswersMs = 1500;
    const { child } = startWatcher(['once'], w.env);
    // Killed while the server has stored sequence 1 but its answer has not reached the watcher.
    await until(
      () => sentFor(session.sessionId).length === 2,
      20_000,
      'the second chunk to reach the server',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    suite.proxy.holdAnswersMs = 0;
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
    const records = chunkRecords(suite.server).filter((r) =>
      sent.some((c) => c.args.run_id === r.run_id),
    );
    expect(records.filter((r) => r.accepted).map((r) => r.sequence)).toEqual(upTo(last));
    expect(records.filter((r) => !r.accepted).map((r) => r.sequence)).toEqual([1]);
    // Every turn is in exactly one stored chunk.
    const stored = sent
      .filter((_, i) => i !== 2)
      .map((c) => c.args.transcript_chunk)
      .join('');
    for (let n = 0; n < 103; n++) expect(stored.split(marker(n)).length - 1, marker(n)).toBe(1);
  });
});

describe('svc-watcher with the server away', () => {
  it('retries a dropped connection with backoff, and a pass stopped by a longer outage resumes where it stopped', async () => {
    const w = await loggedIn({ SVC_WATCHER_RETRY_ATTEMPTS: '3' });
    const session = await newSession(w.home, 'x', 'a0000000-0000-4000-8000-000000000008');
    await appendTurns(session, 0, 30, 1165); // two chunks
    suite.proxy.dropNext(2);
    const first = await runWatcher(['once'], w.env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.logs.filter((l) => l.message === 'server_unreachable')).toHaveLength(2);
    expect(sentFor(session.sessionId).map((c) => c.args.sequence)).toEqual([0, 1]);

    await appendTurns(session, 30, 30, 1165);
    suite.proxy.down = true;
    const stopped = await runWatcher(['once'], w.env);
    expect(stopped.code).toBe(1);
    expect(stopped.logs.some((l) => l.message === 'pass_stopped')).toBe(true);
    const status = (await runWatcher(['status'], w.env)).stdout;
    expect(status).toContain('2 chunk(s) pending');
    expect(status).toContain('stopped:');

    suite.proxy.down = false;
    const resumed = await runWatcher(['once'], w.env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(sentFor(session.sessionId).map((c) => c.args.sequence)).toEqual([0, 1, 2, 3]);
    const stored = sentFor(session.sessionId)
      .map((c) => c.args.transcript_chunk)
      .join('');
    for (let n = 0; n < 60; n++) expect(stored.split(marker(n)).length - 1, marker(n)).toBe(1);
  });
});

describe('svc-watcher and a replaced transcript', () => {
  it('reads a replaced file again from its start, under sequences after every one used, even by a plan cut short', async () => {
    const w = await loggedIn({ SVC_WATCHER_RETRY_ATTEMPTS: '1' });
    const session = await newSession(w.home, 'y', 'a0000000-0000-4000-8000-000000000009');
    await appendTurns(session, 0, 2, 200);
    expect((await runWatcher(['once'], w.env)).code).toBe(0);
    await appendTurns(session, 2, 1, 200);
    suite.proxy.down = true; // sequence 1 is planned, then the pass stops
    expect((await runWatcher(['once'], w.env)).code).toBe(1);
    suite.proxy.down = false;

    // Replaced by rename, as an editor or a tool rewriting its log would: a new inode.
    const replacement = `${session.path}.new`;
    await writeFile(replacement, '');
    await appendTurns({ ...session, path: replacement }, 10, 2, 200);
    await rename(replacement, session.path);
    const again = await runWatcher(['once'], w.env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.logs.some((l) => l.message === 'file_replaced')).toBe(true);
    const sent = sentFor(session.sessionId);
    expect(sent.map((c) => c.args.sequence)).toEqual([0, 2]);
    expect(sent[1]?.args.transcript_chunk).toContain(marker(10));
    expect(sent[1]?.args.transcript_chunk).toContain(marker(11));
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
        // Idle: no polling, so the process spends (almost) no CPU while nothing changes. Measured
        // from a second after the send, once the answer's handling (state, log line) is done: on a
        // loaded machine that tail alone once took the window past its ticks.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
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

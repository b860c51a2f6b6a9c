import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverWithUsers } from './helpers/fixture';
import type { Harness } from './helpers/harness';
import { call } from './helpers/mcp-client';

const fx = serverWithUsers(['ada', 'bob']);
let h: Harness;
let ada: Client;
let bob: Client;
beforeAll(() => {
  ({ h } = fx);
  ({ ada, bob } = fx.users);
});

interface RunOut<R> {
  run: { id: string; status: string; started: boolean; error: string | null; finished_at: string | null };
  result: R | null;
}
interface Scan {
  scanned: number;
  counts: Record<string, number>;
  findings: { check: string; memory_ids: string[]; conflict_id: string | null }[];
}

async function remember(content: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call<{ memory: { id: string } }>(ada, 'remember', { content, scope: 'personal', on_duplicate: 'store_anyway', ...extra });
  if (res.error) throw new Error(JSON.stringify(res.error));
  return res.ok.memory.id;
}

describe('scan_hygiene', () => {
  it('answers at once with a queued run, and the finished scan records conflicts', async () => {
    const a = await remember('The staging database runs on port 5433.');
    const b = await remember('The staging database runs on port 5433.');
    const c = await remember('Ada prefers tabs over spaces in Go code.');
    const d = await remember('Ada no longer prefers tabs over spaces in Go code.');
    const start = await call<RunOut<Scan>>(ada, 'scan_hygiene', {});
    expect(start.ok.run.started).toBe(true);
    expect(['queued', 'running']).toContain(start.ok.run.status);
    expect(start.ok.result).toBeNull();

    await h.deps.runs.idle();
    const read = await call<RunOut<Scan>>(ada, 'scan_hygiene', { run_id: start.ok.run.id });
    expect(read.ok.run.status).toBe('succeeded');
    const findings = read.ok.result!.findings;
    const dup = findings.find((f) => f.check === 'duplicates');
    expect(dup?.memory_ids.sort()).toEqual([a, b].sort());
    const contradiction = findings.find((f) => f.check === 'conflicts');
    expect(contradiction?.memory_ids.sort()).toEqual([c, d].sort());
    const listed = await call<{ conflicts: { id: string }[] }>(ada, 'list_conflicts', {});
    expect(listed.ok.conflicts.map((x) => x.id)).toEqual(expect.arrayContaining([dup!.conflict_id, contradiction!.conflict_id]));
  });

  it('joins an equal run that is still queued or running instead of starting another', async () => {
    const first = await call<RunOut<Scan>>(ada, 'scan_hygiene', { checks: ['stale'] });
    const second = await call<RunOut<Scan>>(ada, 'scan_hygiene', { checks: ['stale'] });
    if (second.ok.run.id === first.ok.run.id) expect(second.ok.run.started).toBe(false);
    else {
      // A new run is only right when the first had already finished by the time of the second call.
      const firstNow = await call<RunOut<Scan>>(ada, 'scan_hygiene', { run_id: first.ok.run.id });
      expect(firstNow.ok.run.status).toBe('succeeded');
      expect(new Date(firstNow.ok.run.finished_at!).getTime()).toBeLessThanOrEqual(Date.now());
    }
    await h.deps.runs.idle();
  });

  it("keeps one person's runs from another", async () => {
    const mine = await call<RunOut<Scan>>(ada, 'scan_hygiene', { checks: ['duplicates'] });
    await h.deps.runs.idle();
    const theirs = await call(bob, 'scan_hygiene', { run_id: mine.ok.run.id });
    expect(theirs.error?.code).toBe('not_found');
  });

  it('refuses start options alongside run_id', async () => {
    const res = await call(ada, 'scan_hygiene', { run_id: crypto.randomUUID(), checks: ['stale'] });
    expect(res.error?.code).toBe('validation_failed');
  });
});

describe('benchmark_memory', () => {
  it('measures recall and latency over the caller\'s own memories', async () => {
    const target = await remember('The quarterly report is due on the third Monday of each quarter.');
    const start = await call<RunOut<unknown>>(ada, 'benchmark_memory', {
      queries: [{ query: 'when is the quarterly report due', expected_ids: [target] }],
      k: 5,
    });
    expect(start.ok.run.started).toBe(true);
    await h.deps.runs.idle();
    const read = await call<RunOut<{ queries: number; recall_at_k: number; mrr: number; latency_ms: { p50: number } }>>(ada, 'benchmark_memory', {
      run_id: start.ok.run.id,
    });
    expect(read.ok.run.status).toBe('succeeded');
    expect(read.ok.result).toMatchObject({ queries: 1, k: 5, recall_at_k: 1, mrr: 1 });
    expect(read.ok.result!.latency_ms.p50).toBeGreaterThan(0);
  });

  it('samples queries from the memories when no test set is given', async () => {
    const start = await call<RunOut<unknown>>(ada, 'benchmark_memory', {});
    await h.deps.runs.idle();
    const read = await call<RunOut<{ queries: number; recall_at_k: number }>>(ada, 'benchmark_memory', { run_id: start.ok.run.id });
    expect(read.ok.result!.queries).toBeGreaterThan(0);
    expect(read.ok.result!.recall_at_k).toBeGreaterThan(0.5);
  });
});

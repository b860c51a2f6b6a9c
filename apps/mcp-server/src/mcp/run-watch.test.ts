// watchRun with run tools of the test's own: a failed run is told once, as an error; a closed session stops the watch.
import type { RunView } from '@svc/contract';
import { describe, expect, it } from 'vitest';
import type { HandlerTable, ToolContext, ToolHandler } from '../deps';
import { watchRun } from './run-watch';

const run = (status: RunView['status'], error: string | null = null): RunView => ({
  id: '00000000-0000-4000-8000-000000000001',
  status,
  requested_at: '2026-01-01T00:00:00.000Z',
  started_at: null,
  finished_at: null,
  error,
  started: true,
});

/** scan_hygiene that reads back as running, then as `last`; counts its reads. */
function scanThatEnds(last: RunView) {
  const reads: string[] = [];
  const handler = {
    name: 'scan_hygiene',
    run: (args: { run_id?: string }) => {
      reads.push(args.run_id ?? '');
      return Promise.resolve({ run: reads.length < 2 ? run('running') : last, result: null });
    },
  } as unknown as ToolHandler;
  return { tools: new Map([['scan_hygiene', handler]]) as HandlerTable, reads };
}

const ctx = {} as ToolContext;
const waitFor = async (done: () => boolean, ms: number) => {
  for (const until = Date.now() + ms; !done() && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
};

describe('watchRun', () => {
  it('tells a failed run once, at error level, with its error and what to call next', async () => {
    const { tools, reads } = scanThatEnds(run('failed', 'scan cut at 15 minutes'));
    const told: [string, Record<string, unknown>][] = [];
    watchRun(tools, 'scan_hygiene', run('queued'), ctx, (level, data) => told.push([level, data]), new AbortController().signal);
    await waitFor(() => told.length > 0, 8_000);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(reads).toEqual([run('queued').id, run('queued').id]);
    expect(told).toEqual([
      ['error', expect.objectContaining({ event: 'run_failed', run_id: run('queued').id, error: 'scan cut at 15 minutes' })],
    ]);
    expect(String(told[0]?.[1].next)).toContain('run_id');
  }, 15_000);

  it('stops reading when the session closes, and ignores runs already done or tools that start none', async () => {
    const { tools, reads } = scanThatEnds(run('succeeded'));
    const closed = new AbortController();
    const told: unknown[] = [];
    watchRun(tools, 'scan_hygiene', run('running'), ctx, (...a) => told.push(a), closed.signal);
    watchRun(tools, 'scan_hygiene', run('succeeded'), ctx, (...a) => told.push(a), new AbortController().signal);
    watchRun(tools, 'remember', run('running'), ctx, (...a) => told.push(a), new AbortController().signal);
    closed.abort();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(reads).toEqual([]);
    expect(told).toEqual([]);
  }, 10_000);
});

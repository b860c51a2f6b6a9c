// Conflict tools, and the tools that answer at once with a background run.
import { describe, expect, it } from 'vitest';
import { ID, NOW, RUN, memory } from '../../test/fixtures';
import { accepts, refuses } from '../../test/schema';
import { TOOLS } from './index';

describe('list_conflicts', () => {
  it('takes limit 1..100 and defaults to open conflicts', () => {
    expect(TOOLS.list_conflicts.input.parse({})).toMatchObject({ status: 'open', limit: 20 });
    accepts(TOOLS.list_conflicts.input, { limit: 1, kind: 'contradiction', status: 'dismissed' });
    refuses(TOOLS.list_conflicts.input, { limit: 0 }, 'limit');
  });

  it('shows both memories of a conflict', () => {
    const conflict = {
      id: ID.c,
      kind: 'contradiction',
      status: 'open',
      a: memory(),
      b: memory({ id: ID.b }),
      explanation: 'deploy day differs',
      detected_at: NOW,
      resolved_at: null,
      resolution: null,
    };
    accepts(TOOLS.list_conflicts.output, { conflicts: [conflict], next_cursor: null });
  });
});

describe('resolve_conflicts', () => {
  const input = TOOLS.resolve_conflicts.input;

  it('settles by policy, by explicit choices, or both', () => {
    for (const policy of ['keep_newest', 'keep_oldest', 'keep_higher_importance', 'keep_both'])
      accepts(input, { policy });
    accepts(input, { choices: [{ conflict_id: ID.a, keep: 'b' }] });
    accepts(input, {
      policy: 'keep_newest',
      choices: [{ conflict_id: ID.a, keep: 'merge', merged_content: 'Deploys on Tuesdays.' }],
      dry_run: true,
    });
  });

  it('refuses a call with neither, a merge without text, and two choices for one conflict', () => {
    refuses(input, {}, 'policy');
    refuses(input, { choices: [{ conflict_id: ID.a, keep: 'merge' }] }, 'merged_content');
    refuses(
      input,
      { choices: [{ conflict_id: ID.a, keep: 'a', merged_content: 'x' }] },
      'merged_content',
    );
    refuses(
      input,
      {
        choices: [
          { conflict_id: ID.a, keep: 'a' },
          { conflict_id: ID.a, keep: 'b' },
        ],
      },
      'one choice',
    );
    refuses(input, { policy: 'merge' }, 'policy');
  });

  it('answers with resolved and skipped counts', () => {
    accepts(TOOLS.resolve_conflicts.output, {
      resolved: 1,
      skipped: 1,
      dry_run: false,
      results: [
        {
          conflict_id: ID.a,
          outcome: 'resolved',
          kept: [ID.b],
          superseded: [ID.c],
          created: null,
          reason: null,
        },
        {
          conflict_id: ID.b,
          outcome: 'skipped',
          kept: [],
          superseded: [],
          created: null,
          reason: 'already resolved',
        },
      ],
    });
    refuses(TOOLS.resolve_conflicts.output, {
      resolved: -1,
      skipped: 0,
      results: [],
      dry_run: false,
    });
  });
});

describe('scan_hygiene and benchmark_memory answer at once with a run', () => {
  it('start with options, or read a run by id alone', () => {
    accepts(TOOLS.scan_hygiene.input, {});
    accepts(TOOLS.scan_hygiene.input, { checks: ['duplicates', 'conflicts'], scope: 'personal' });
    accepts(TOOLS.scan_hygiene.input, { run_id: ID.c });
    refuses(TOOLS.scan_hygiene.input, { run_id: ID.c, checks: ['stale'] }, 'run_id');
    accepts(TOOLS.benchmark_memory.input, {
      queries: [{ query: 'deploy day', expected_ids: [ID.a] }],
      k: 100,
    });
    refuses(TOOLS.benchmark_memory.input, { k: 101 }, 'k');
    refuses(TOOLS.benchmark_memory.input, { run_id: ID.c, k: 5 }, 'run_id');
  });

  it('report the run, and a result only once it exists', () => {
    accepts(TOOLS.scan_hygiene.output, { run: RUN, result: null });
    accepts(TOOLS.scan_hygiene.output, {
      run: { ...RUN, status: 'succeeded', started_at: NOW, finished_at: NOW },
      result: {
        scanned: 10,
        counts: { duplicates: 1, stale: 0, conflicts: 0 },
        findings: [
          { check: 'duplicates', memory_ids: [ID.a, ID.b], detail: 'same fact', conflict_id: ID.c },
        ],
      },
    });
    accepts(TOOLS.benchmark_memory.output, { run: RUN, result: null });
    accepts(TOOLS.benchmark_memory.output, {
      run: { ...RUN, status: 'succeeded' },
      result: {
        queries: 20,
        k: 10,
        recall_at_k: 0.85,
        mrr: 0.7,
        latency_ms: { p50: 40, p95: 120, max: 300 },
      },
    });
    refuses(TOOLS.scan_hygiene.output, { run: { ...RUN, status: 'paused' }, result: null });
  });
});

// scan_hygiene and benchmark_memory: start a run (answered at once) or read one by id.
import { RECALL_K_DEFAULT, type ToolArgs, type ToolOutput } from '@svc/contract';
import { currentRequestId } from '@svc/observability';
import type { Actor } from '../actor';
import type { MemoryDeps } from '../memory/deps';
import { resolveReadTarget, type TargetInput } from '../targets/resolve-target';
import { sessionAndTarget } from '../targets/session-and-target';
import type { RunQueue } from './run-queue';
import { readRun, startOrJoinRun, toRunView, type RunRow } from './run-store';

export const HYGIENE_JOB = 'hygiene-scan';
export const BENCHMARK_JOB = 'benchmark-memory';

/** The scopes a run covers are fixed when it starts, so a later change of session does not move it. */
async function scopesFor(deps: MemoryDeps, actor: Actor, args: TargetInput & { thread?: string }) {
  return deps.database.asUser(actor, async (tx) => {
    const [, target] = await sessionAndTarget(tx, actor.userId, args, (project) => resolveReadTarget(tx, actor.userId, args, project));
    return target.scopeIds;
  });
}

async function startOrRead(
  deps: MemoryDeps,
  queue: RunQueue,
  actor: Actor,
  job: string,
  runId: string | undefined,
  params: () => Promise<Record<string, unknown>>,
): Promise<{ row: RunRow; started: boolean }> {
  if (runId) return { row: await readRun(deps.database, actor.userId, job, runId), started: false };
  const started = await startOrJoinRun(deps.database, { jobName: job, ownerId: actor.userId, params: await params(), requestId: currentRequestId() });
  if (started.started) queue.enqueue(started.row);
  return started;
}

export async function scanHygiene(deps: MemoryDeps, queue: RunQueue, actor: Actor, args: ToolArgs<'scan_hygiene'>): Promise<ToolOutput<'scan_hygiene'>> {
  const { row, started } = await startOrRead(deps, queue, actor, HYGIENE_JOB, args.run_id, async () => ({
    checks: [...(args.checks ?? ['duplicates', 'stale', 'conflicts'])].sort(),
    scopeIds: await scopesFor(deps, actor, args),
  }));
  const result = row.status === 'succeeded' ? (row.result as ToolOutput<'scan_hygiene'>['result']) : null;
  return { run: toRunView(row, started), result };
}

export async function benchmarkMemory(
  deps: MemoryDeps,
  queue: RunQueue,
  actor: Actor,
  args: ToolArgs<'benchmark_memory'>,
): Promise<ToolOutput<'benchmark_memory'>> {
  const { row, started } = await startOrRead(deps, queue, actor, BENCHMARK_JOB, args.run_id, async () => ({
    ...(args.queries && { queries: args.queries }),
    k: args.k ?? RECALL_K_DEFAULT,
    scopeIds: await scopesFor(deps, actor, args),
  }));
  const result = row.status === 'succeeded' ? (row.result as ToolOutput<'benchmark_memory'>['result']) : null;
  return { run: toRunView(row, started), result };
}

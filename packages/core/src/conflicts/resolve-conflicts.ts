// resolve_conflicts: settle the caller's own conflicts by policy or explicit choice, counting only theirs.
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { markChecksDue, type Tx } from '@svc/db';
import type { Actor } from '../actor';
import type { MemoryDeps } from '../memory/deps';
import { assertNoSecrets } from '@svc/secrets';
import { resolveReadTarget } from '../targets/resolve-target';
import { sessionAndTarget } from '../targets/session-and-target';
import { conflictScopes, isVisible, loadConflicts, type LoadedConflict } from './load';
import { decide, type Side } from './policy';
import { settle, type ConflictResult } from './settle';

type Args = ToolArgs<'resolve_conflicts'>;

const side = (m: NonNullable<LoadedConflict['a']>): Side => ({ id: m.row.id, createdAt: m.row.createdAt, importance: m.row.importance });

/**
 * conflict_ids (narrowed by kind and scope) or, with a policy, every open conflict of the caller
 * that kind and scope select; conflicts named by a choice always. Ids of other users' conflicts,
 * or of none, select nothing, so they are neither settled nor counted.
 */
async function select(tx: Tx, actor: Actor, args: Args, scopeIds: string[] | null): Promise<LoadedConflict[]> {
  const narrowing = { kind: args.kind, scopeIds };
  const chosen = (args.choices ?? []).map((c) => c.conflict_id);
  const picked = args.conflict_ids
    ? await loadConflicts(tx, actor.userId, { ids: args.conflict_ids, ...narrowing })
    : args.policy
      ? await loadConflicts(tx, actor.userId, { status: 'open', ...narrowing })
      : [];
  const byChoice = chosen.length ? await loadConflicts(tx, actor.userId, { ids: chosen }) : [];
  const all = new Map([...picked, ...byChoice].map((c) => [c.row.id, c]));
  // Oldest first, so the order of settling follows the order the conflicts arose in.
  return [...all.values()].reverse();
}

export async function resolveConflicts(deps: MemoryDeps, actor: Actor, args: Args): Promise<ToolOutput<'resolve_conflicts'>> {
  await assertNoSecrets({ 'choices[].merged_content': (args.choices ?? []).map((c) => c.merged_content ?? '') });
  const output = await deps.database.asUser(actor, async (tx) => {
    const [, target] = await sessionAndTarget(tx, actor.userId, args, (project) => resolveReadTarget(tx, actor.userId, args, project));
    const scopeIds = conflictScopes(target);
    const choices = new Map((args.choices ?? []).map((c) => [c.conflict_id, c]));
    const results: ConflictResult[] = [];
    for (const conflict of await select(tx, actor, args, scopeIds)) {
      const decision = isVisible(conflict) ? decide(side(conflict.a), side(conflict.b), choices.get(conflict.row.id), args.policy) : null;
      results.push(await settle(tx, actor, conflict, decision, args.dry_run));
    }
    // A merged memory is checked against its neighbours like a remembered one.
    const merged = results.flatMap((r) => (r.created ? [r.created] : []));
    if (deps.checks && !args.dry_run) await markChecksDue(tx, merged);
    return {
      resolved: results.filter((r) => r.outcome !== 'skipped').length,
      skipped: results.filter((r) => r.outcome === 'skipped').length,
      results,
      dry_run: args.dry_run,
    };
  });
  // A merged memory is new text: translated like any other (an English one is passed over without a model call).
  for (const r of output.results) if (r.created) deps.translation?.enqueue(r.created);
  if (!args.dry_run && output.results.some((r) => r.created)) deps.checks?.wake();
  return output;
}

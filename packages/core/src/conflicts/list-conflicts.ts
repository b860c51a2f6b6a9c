// list_conflicts: the caller's own conflicts, newest first, paged by a keyset cursor.
import type { ToolArgs, ToolOutput } from '@svc/contract';
import type { Actor } from '../actor';
import { decodeCursor, encodeCursor, fingerprint } from '../library/page-cursor';
import type { MemoryDeps } from '../memory/deps';
import { resolveReadTarget } from '../targets/resolve-target';
import { sessionAndTarget } from '../targets/session-and-target';
import { conflictScopes, isVisible, loadConflicts, toConflictView } from './load';

type Position = { at: string; id: string };
const isPosition = (p: unknown): p is Position =>
  typeof p === 'object' && p !== null && typeof (p as Position).at === 'string' && typeof (p as Position).id === 'string' &&
  !Number.isNaN(Date.parse((p as Position).at)) && /^[0-9a-f-]{36}$/i.test((p as Position).id);

/** A keyset rather than an offset: settling conflicts between pages must not make the next page skip any. */
export async function listConflicts(
  deps: MemoryDeps,
  actor: Actor,
  args: ToolArgs<'list_conflicts'>,
): Promise<ToolOutput<'list_conflicts'>> {
  return deps.database.asUser(actor, async (tx) => {
    const [, target] = await sessionAndTarget(tx, actor.userId, args, (project) => resolveReadTarget(tx, actor.userId, args, project));
    const scopeIds = conflictScopes(target);
    const print = fingerprint({ status: args.status, kind: args.kind ?? null, scopeIds });
    const after = decodeCursor(args.cursor, print, isPosition);
    const filter = { status: args.status, kind: args.kind, scopeIds, after, limit: args.limit + 1, visibleOnly: true };
    const page = (await loadConflicts(tx, actor.userId, filter)).filter(isVisible);
    const shown = page.slice(0, args.limit);
    const last = shown.at(-1);
    return {
      conflicts: shown.map(toConflictView),
      next_cursor: page.length > args.limit && last ? encodeCursor({ at: last.at, id: last.row.id }, print) : null,
    };
  });
}

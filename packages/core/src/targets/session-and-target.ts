// The caller's thread session and the target a call names, read in one round trip when neither needs the other.
import type { ProjectRef, ScopeTarget } from '@svc/contract';
import { both, type Tx } from '@svc/db';
import { loadThreadSession, type ThreadSession } from '../sessions/thread-sessions';

/**
 * A target that `scope` names explicitly does not depend on the session's project, so both are
 * read at once (`both`): on the embedded default the second statement is sent without waiting for
 * the first's answer, a round trip less while the transaction holds the one connection. Otherwise
 * the session comes first and `resolve` gets its project.
 */
export async function sessionAndTarget<T>(
  tx: Tx,
  userId: string,
  args: { thread?: string; scope?: ScopeTarget },
  resolve: (sessionProject: ProjectRef | null) => Promise<T>,
): Promise<[ThreadSession, T]> {
  if (args.scope) return both(tx, () => loadThreadSession(tx, userId, args.thread), () => resolve(null));
  const session = await loadThreadSession(tx, userId, args.thread);
  return [session, await resolve(session.project)];
}

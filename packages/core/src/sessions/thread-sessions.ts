// Session state that outlives a transport: a thread token selects the project an agent attached.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { mintThreadToken, type ProjectRef } from '@svc/contract';
import { mcpSessions, projects, rowsOf, type Tx } from '@svc/db';

export interface ThreadSession {
  /** Row id, or null while nothing has been attached (no row is written for a bare read). */
  id: string | null;
  thread: string | null;
  project: ProjectRef | null;
}

function hashThread(thread: string): string {
  return createHash('sha256').update(thread).digest('hex');
}

/**
 * How stale `last_seen_at` may get before a use touches it again: retention counts in days
 * (session-upkeep in jobs-runtime), so an hour loses nothing, and the calls of one session in
 * parallel (they share its thread) then rarely wait on each other's lock of the row.
 */
const TOUCH_AFTER = '1 hour';

/**
 * A thread of another user, or one never issued, selects nothing: the lookup runs as the caller
 * under row-level security and filters by the caller too, so it can only ever find their own row.
 * One statement: the lookup, its project, and the touch of `last_seen_at` when that is stale.
 */
export async function loadThreadSession(tx: Tx, userId: string, thread?: string): Promise<ThreadSession> {
  if (!thread) return { id: null, thread: null, project: null };
  const result = await tx.execute(sql`
    with found as (
      select s.id, s.project_id, s.last_seen_at from ${mcpSessions} s
      where s.thread_hash = ${hashThread(thread)} and s.user_id = ${userId}::uuid
    ), touched as (
      update ${mcpSessions} s set last_seen_at = now() from found
      where s.id = found.id and found.last_seen_at < now() - ${TOUCH_AFTER}::interval
    )
    select found.id, p.id as project_id, p.name as project_name
    from found left join ${projects} p on p.id = found.project_id`);
  const [row] = rowsOf<{ id: string; project_id: string | null; project_name: string | null }>(result);
  if (!row) return { id: null, thread: null, project: null };
  const project = row.project_id && row.project_name ? { id: row.project_id, name: row.project_name } : null;
  return { id: row.id, thread, project };
}

/** Attaches a project to the session, minting the thread on first attachment. */
export async function attachProject(
  tx: Tx,
  userId: string,
  session: ThreadSession,
  project: ProjectRef,
): Promise<ThreadSession> {
  if (session.id && session.project?.id === project.id) return session;
  if (session.id) {
    await tx.update(mcpSessions).set({ projectId: project.id, lastSeenAt: sql`now()` }).where(eq(mcpSessions.id, session.id));
    return { ...session, project };
  }
  const thread = mintThreadToken();
  const [row] = await tx
    .insert(mcpSessions)
    .values({ threadHash: hashThread(thread), userId, projectId: project.id })
    .returning({ id: mcpSessions.id });
  return { id: row?.id ?? null, thread, project };
}

/** The `session` object of remember, recall and build_context results. */
export interface SessionView {
  attached_project: ProjectRef | null;
  thread?: string;
}

export function sessionView(session: ThreadSession): SessionView {
  return session.thread ? { attached_project: session.project, thread: session.thread } : { attached_project: session.project };
}

/** The footer's session-state line. */
export function sessionLine(session: SessionView): string {
  if (!session.attached_project) {
    return 'Session: no project attached. Pass project_hint (name, repo path or git remote) or scope to attach one.';
  }
  const { name, id } = session.attached_project;
  const thread = session.thread ? ` Pass thread "${session.thread}" on later calls to keep it.` : '';
  return `Session: attached to project "${name}" (${id}).${thread}`;
}

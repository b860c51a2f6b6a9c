// Session state that outlives a transport: a thread token selects the project an agent attached.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { mintThreadToken, type ProjectRef } from '@svc/contract';
import { mcpSessions, projects, type Tx } from '@svc/db';

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
 * A thread of another user, or one never issued, selects nothing: the lookup runs as the caller
 * under row-level security and filters by the caller too, so it can only ever find their own row.
 */
export async function loadThreadSession(tx: Tx, userId: string, thread?: string): Promise<ThreadSession> {
  if (!thread) return { id: null, thread: null, project: null };
  const [row] = await tx
    .select({ id: mcpSessions.id, projectId: projects.id, projectName: projects.name })
    .from(mcpSessions)
    .leftJoin(projects, eq(projects.id, mcpSessions.projectId))
    .where(and(eq(mcpSessions.threadHash, hashThread(thread)), eq(mcpSessions.userId, userId)))
    .limit(1);
  if (!row) return { id: null, thread: null, project: null };
  await tx.update(mcpSessions).set({ lastSeenAt: sql`now()` }).where(eq(mcpSessions.id, row.id));
  const project = row.projectId && row.projectName ? { id: row.projectId, name: row.projectName } : null;
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

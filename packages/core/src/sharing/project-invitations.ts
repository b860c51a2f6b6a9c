// Invitations into a project for someone without an account: a link code shown once, kept as a hash.
import { fail } from '@svc/errors';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { hashToken, projectInvitations, projectMembers, projects, type ProjectRole, type Tx } from '@svc/db';

const CODE_PREFIX = 'svp_';
/** `svp_` and base64url of 32 random bytes: apart from API (`svc_`), session (`svs_`) and account invitation (`svi_`) codes. */
const CODE_SHAPE = /^svp_[A-Za-z0-9_-]{43}$/;

/** Seven days: long enough to reach someone over a weekend, short enough that a forgotten link dies. */
export const PROJECT_INVITATION_TTL_MS = 7 * 24 * 3600_000;

export function isProjectInvitationCode(value: string): boolean {
  return CODE_SHAPE.test(value);
}


export interface ProjectInvitation {
  id: string;
  projectId: string;
  email: string;
  role: ProjectRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** Every column but the hash, which the signed-in role is not granted. */
const columns = {
  id: projectInvitations.id,
  projectId: projectInvitations.projectId,
  email: projectInvitations.email,
  role: projectInvitations.role,
  invitedBy: projectInvitations.invitedBy,
  createdAt: projectInvitations.createdAt,
  expiresAt: projectInvitations.expiresAt,
};

const open = (now: Date) =>
  and(isNull(projectInvitations.acceptedAt), isNull(projectInvitations.revokedAt), gt(projectInvitations.expiresAt, now));

/**
 * Made by an owner (row-level security checks it when run as the owner). The id is generated here
 * and nothing is read back: a RETURNING of the row would need the hash column.
 */
export async function createProjectInvitation(
  tx: Tx,
  input: { projectId: string; email: string; role: ProjectRole; invitedBy: string; ttlMs?: number; now?: Date },
): Promise<{ code: string; invitation: ProjectInvitation }> {
  const code = CODE_PREFIX + randomBytes(32).toString('base64url');
  const now = input.now ?? new Date();
  const invitation: ProjectInvitation = {
    id: randomUUID(),
    projectId: input.projectId,
    email: input.email.trim().toLowerCase(),
    role: input.role,
    invitedBy: input.invitedBy,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (input.ttlMs ?? PROJECT_INVITATION_TTL_MS)),
  };
  await tx.insert(projectInvitations).values({ ...invitation, tokenHash: hashToken(code) });
  return { code, invitation };
}

/** The invitations of a project that can still be accepted, newest first. */
export async function listOpenProjectInvitations(tx: Tx, projectId: string, now = new Date()): Promise<ProjectInvitation[]> {
  return tx
    .select(columns)
    .from(projectInvitations)
    .where(and(eq(projectInvitations.projectId, projectId), open(now)))
    .orderBy(desc(projectInvitations.createdAt));
}

/** An invitation that is already spent, revoked or unknown is `not_found`. */
export async function revokeProjectInvitation(tx: Tx, projectId: string, invitationId: string, now = new Date()): Promise<void> {
  const revoked = await tx
    .update(projectInvitations)
    .set({ revokedAt: now })
    .where(and(eq(projectInvitations.id, invitationId), eq(projectInvitations.projectId, projectId), open(now)))
    .returning({ id: projectInvitations.id });
  if (revoked.length === 0) throw fail.notFound('No open invitation with this id in the project', { invitation_id: invitationId });
}

export interface InvitationPreview {
  projectId: string;
  projectName: string;
  role: ProjectRole;
  email: string;
  expiresAt: Date;
}

/** What an open invitation offers, for the page that asks to accept it. Privileged (the reader is no member). */
export async function previewProjectInvitation(tx: Tx, code: string, now = new Date()): Promise<InvitationPreview | null> {
  if (!isProjectInvitationCode(code)) return null;
  const [row] = await tx
    .select({
      projectId: projectInvitations.projectId,
      projectName: projects.name,
      role: projectInvitations.role,
      email: projectInvitations.email,
      expiresAt: projectInvitations.expiresAt,
    })
    .from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .where(and(eq(projectInvitations.tokenHash, hashToken(code)), open(now)))
    .limit(1);
  return row ?? null;
}

const NOT_OPEN = 'This invitation link is unknown, already used, revoked or expired; ask the project owner for a new one';

/**
 * Spends the invitation for the signed-in account whose address it names, and makes them a member
 * with the invited role; someone who is a member already keeps their role. Privileged: the invitee
 * is no member yet. The row is locked, so of two acceptances of one link only one spends it.
 */
export async function acceptProjectInvitation(
  tx: Tx,
  input: { code: string; userId: string; email: string },
  now = new Date(),
): Promise<{ projectId: string; role: ProjectRole; joined: boolean }> {
  if (!isProjectInvitationCode(input.code)) throw fail.notFound(NOT_OPEN);
  const [row] = await tx
    .select({ id: projectInvitations.id, projectId: projectInvitations.projectId, email: projectInvitations.email, role: projectInvitations.role })
    .from(projectInvitations)
    .where(and(eq(projectInvitations.tokenHash, hashToken(input.code)), open(now)))
    .for('update')
    .limit(1);
  if (!row) throw fail.notFound(NOT_OPEN);
  if (row.email !== input.email.trim().toLowerCase()) {
    throw fail.forbidden(`This invitation is for ${row.email}; sign in with that account to accept it`);
  }
  const inserted = await tx
    .insert(projectMembers)
    .values({ projectId: row.projectId, userId: input.userId, role: row.role })
    .onConflictDoNothing()
    .returning({ role: projectMembers.role });
  await tx
    .update(projectInvitations)
    .set({ acceptedAt: now, acceptedBy: input.userId })
    .where(eq(projectInvitations.id, row.id));
  if (inserted.length > 0) return { projectId: row.projectId, role: row.role, joined: true };
  const [kept] = await tx
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, row.projectId), eq(projectMembers.userId, input.userId)));
  return { projectId: row.projectId, role: kept?.role ?? row.role, joined: false };
}

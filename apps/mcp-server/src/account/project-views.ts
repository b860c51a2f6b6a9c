// The JSON shapes of projects, members and invitations on the dashboard's project routes.
import type { ProjectInvitation, ProjectMember, ProjectOverview } from '@svc/core/sharing';

export function projectBody(p: ProjectOverview) {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    aliases: p.aliases,
    initials: p.initials,
    role: p.role,
    board_id: p.boardId,
    members: p.members,
    memories: p.memories,
    cards: p.cards,
    open_cards: p.openCards,
    last_activity_at: p.lastActivityAt.toISOString(),
  };
}

export function memberBody(m: ProjectMember, callerId: string) {
  return {
    user_id: m.userId,
    email: m.email,
    display_name: m.displayName,
    role: m.role,
    joined_at: m.joinedAt.toISOString(),
    you: m.userId === callerId,
  };
}

export function invitationBody(i: ProjectInvitation) {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
  };
}

// The server's project routes behind the projects pages: the list, one project, sharing it, invitations.
import { z } from 'zod';
import { serverApi } from './account';
import type { ServerApi } from './client';

const role = z.enum(['owner', 'writer', 'reader']);
export type ProjectRole = z.infer<typeof role>;

export const projectSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    aliases: z.array(z.string()),
    initials: z.string().nullable(),
    role,
    board_id: z.string().nullable(),
    members: z.number(),
    memories: z.number(),
    cards: z.number(),
    open_cards: z.number(),
    last_activity_at: z.string(),
  })
  .loose();
export type ProjectSummary = z.infer<typeof projectSummary>;

const member = z
  .object({
    user_id: z.string(),
    email: z.string(),
    display_name: z.string().nullable(),
    role,
    joined_at: z.string(),
    you: z.boolean(),
  })
  .loose();
export type ProjectMember = z.infer<typeof member>;

const invitation = z
  .object({ id: z.string(), email: z.string(), role, created_at: z.string(), expires_at: z.string() })
  .loose();
export type ProjectInvitation = z.infer<typeof invitation>;

const projectList = z.object({ projects: z.array(projectSummary) });
const projectDetail = z.object({ project: projectSummary, members: z.array(member), invitations: z.array(invitation) });
const invited = z.union([
  z.object({ added: member }),
  z.object({ invitation, code: z.string(), url: z.string() }),
]);
const preview = z.object({
  project: z.object({ id: z.string(), name: z.string() }),
  role,
  email: z.string(),
  expires_at: z.string(),
  for_you: z.boolean(),
});
const accepted = z.object({ project_id: z.string(), role, joined: z.boolean() });
const noContent = z.unknown();

export function projectsApi(token: string, api: ServerApi = serverApi(token)) {
  const at = (projectId: string) => `/account/projects/${encodeURIComponent(projectId)}`;
  return {
    list: () => api.request('GET', '/account/projects', projectList),
    get: (projectId: string) => api.request('GET', at(projectId), projectDetail),
    update: (projectId: string, change: { name?: string; aliases?: string[] }) =>
      api.request('PATCH', at(projectId), z.object({ project: projectSummary }), change),
    invite: (projectId: string, email: string, memberRole: ProjectRole) =>
      api.request('POST', `${at(projectId)}/members`, invited, { email, role: memberRole }),
    setRole: (projectId: string, userId: string, memberRole: ProjectRole) =>
      api.request('PATCH', `${at(projectId)}/members/${encodeURIComponent(userId)}`, z.object({ member }), { role: memberRole }),
    remove: (projectId: string, userId: string) =>
      api.request('DELETE', `${at(projectId)}/members/${encodeURIComponent(userId)}`, noContent),
    revokeInvitation: (projectId: string, invitationId: string) =>
      api.request('DELETE', `${at(projectId)}/invitations/${encodeURIComponent(invitationId)}`, noContent),
    previewInvitation: (code: string) => api.request('POST', '/account/project-invitations/preview', preview, { code }),
    acceptInvitation: (code: string) => api.request('POST', '/account/project-invitations/accept', accepted, { code }),
  };
}

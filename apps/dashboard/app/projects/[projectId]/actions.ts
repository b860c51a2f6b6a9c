// What the project page's forms do: invite, change a role, remove, leave, revoke an invitation, rename and set aliases.
'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ApiFailure } from '../../../lib/api/client';
import { projectsApi } from '../../../lib/api/projects';
import { failureText } from '../../../lib/page-result';
import { withNext } from '../../../lib/safe-next';
import { CROSS_SITE, fromDashboard, sessionToken } from '../../../lib/session';

const id = z.uuid();
const role = z.enum(['owner', 'writer', 'reader']);

/** The same-origin check and the session every form needs; the project id comes from the form too. */
async function opened(form: FormData) {
  if (!(await fromDashboard())) throw new Error(CROSS_SITE);
  const projectId = id.safeParse(form.get('project_id'));
  if (!projectId.success) redirect('/projects');
  const here = `/projects/${projectId.data}`;
  const token = await sessionToken();
  if (!token) redirect(withNext('/login', here));
  return { api: projectsApi(token), projectId: projectId.data, here };
}

/** Only fixed keys travel in the address; the page turns them into sentences. */
function problemOf(failure: ApiFailure): string {
  if (failure.status === 409 && /owner/.test(failure.message)) return 'last_owner';
  if (failure.status === 409) return 'already_member';
  if (failure.status === 403) return 'owners_only';
  if (failure.status === 404) return 'gone';
  return 'failed';
}

function back(here: string, result: { ok: true } | ApiFailure, notice: string): never {
  redirect(result.ok ? `${here}?notice=${notice}` : `${here}?problem=${problemOf(result)}`);
}

export async function changeRole(form: FormData): Promise<void> {
  const { api, projectId, here } = await opened(form);
  const userId = id.safeParse(form.get('user_id'));
  const wanted = role.safeParse(form.get('role'));
  if (!userId.success || !wanted.success) redirect(here);
  back(here, await api.setRole(projectId, userId.data, wanted.data), 'role_changed');
}

export async function removeMember(form: FormData): Promise<void> {
  const { api, projectId, here } = await opened(form);
  const userId = id.safeParse(form.get('user_id'));
  if (!userId.success) redirect(here);
  back(here, await api.remove(projectId, userId.data), 'removed');
}

export async function leaveProject(form: FormData): Promise<void> {
  const { api, projectId, here } = await opened(form);
  const userId = id.safeParse(form.get('user_id'));
  if (!userId.success) redirect(here);
  const left = await api.remove(projectId, userId.data);
  if (left.ok) redirect('/projects?notice=left');
  back(here, left, 'left');
}

export async function revokeInvitation(form: FormData): Promise<void> {
  const { api, projectId, here } = await opened(form);
  const invitationId = id.safeParse(form.get('invitation_id'));
  if (!invitationId.success) redirect(here);
  back(here, await api.revokeInvitation(projectId, invitationId.data), 'revoked');
}

export interface InviteState {
  error?: string;
  /** An account here was added at once. */
  added?: string;
  /** No account: the link, shown this once. */
  link?: { url: string; email: string; role: string; expires_at: string };
}

export async function invite(_previous: InviteState, form: FormData): Promise<InviteState> {
  const { api, projectId } = await opened(form);
  const email = z.string().trim().min(3).max(320).pipe(z.email()).safeParse(form.get('email'));
  if (!email.success) return { error: 'Enter an email address.' };
  const wanted = role.safeParse(form.get('role'));
  if (!wanted.success) return { error: 'Choose a role.' };
  const result = await api.invite(projectId, email.data, wanted.data);
  if (!result.ok) {
    if (result.status === 409) return { error: `${email.data} is already a member. Change their role in the list instead.` };
    return { error: failureText(result) };
  }
  if ('added' in result.data) return { added: `${result.data.added.email} was added as ${result.data.added.role}.` };
  const { invitation, url } = result.data;
  return { link: { url, email: invitation.email, role: invitation.role, expires_at: invitation.expires_at } };
}

export interface SettingsState {
  error?: string;
}

export async function saveSettings(_previous: SettingsState, form: FormData): Promise<SettingsState> {
  const { api, projectId, here } = await opened(form);
  const name = z.string().max(400).safeParse(form.get('name'));
  const aliases = z.string().max(4000).safeParse(form.get('aliases') ?? '');
  if (!name.success || !aliases.success) return { error: 'That is too long.' };
  const list = aliases.data
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const result = await api.update(projectId, { name: name.data, aliases: list });
  if (!result.ok) return { error: failureText(result) };
  redirect(`${here}?notice=saved`);
}

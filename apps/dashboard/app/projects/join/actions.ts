// Accepting a project invitation as the signed-in person, then showing the project.
'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { projectsApi } from '../../../lib/api/projects';
import { failureText } from '../../../lib/page-result';
import { withNext } from '../../../lib/safe-next';
import { CROSS_SITE, fromDashboard, sessionToken } from '../../../lib/session';

export interface JoinState {
  error?: string;
}

export async function acceptInvitation(_previous: JoinState, form: FormData): Promise<JoinState> {
  if (!(await fromDashboard())) return { error: CROSS_SITE };
  const code = z.string().min(1).max(100).safeParse(form.get('code'));
  if (!code.success) return { error: 'This invitation link is incomplete.' };
  const token = await sessionToken();
  if (!token) redirect(withNext('/login', `/projects/join?code=${encodeURIComponent(code.data)}`));
  const accepted = await projectsApi(token).acceptInvitation(code.data);
  if (!accepted.ok) return { error: failureText(accepted) };
  redirect(`/projects/${encodeURIComponent(accepted.data.project_id)}?notice=${accepted.data.joined ? 'joined' : 'already_member'}`);
}

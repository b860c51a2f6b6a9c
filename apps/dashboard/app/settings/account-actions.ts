// Account settings: revoke a connected agent, delete the account.
'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { openAccount } from '../../lib/account-action';
import { failureText } from '../../lib/page-result';
import { dropSession } from '../../lib/session';

/** Revokes every session of one client (its row on the page); a session without a client by its own id. */
export async function revokeAgent(form: FormData): Promise<void> {
  const opened = await openAccount('/settings');
  if (!opened.ok) throw new Error(opened.error);
  const text = z.string().min(1).max(200);
  const client = text.safeParse(form.get('client_id'));
  const session = text.safeParse(form.get('session_id'));
  const revoked = client.success
    ? await opened.api.revokeClient(client.data)
    : session.success
      ? await opened.api.revokeAgent(session.data)
      : redirect('/settings');
  redirect(revoked.ok || revoked.status === 404 ? '/settings?notice=agent_revoked' : '/settings?notice=failed');
}

export interface DeleteState {
  error?: string;
}

export async function deleteAccount(_previous: DeleteState, form: FormData): Promise<DeleteState> {
  const opened = await openAccount('/settings');
  if (!opened.ok) return { error: opened.error };
  const email = z.string().trim().min(1).max(320).safeParse(form.get('confirm_email'));
  if (!email.success) return { error: 'Type your email address to confirm.' };
  const deleted = await opened.api.deleteAccount(email.data);
  if (!deleted.ok) {
    return { error: deleted.status === 400 ? 'That is not the email address of this account.' : failureText(deleted) };
  }
  await dropSession();
  redirect('/login?notice=deleted');
}

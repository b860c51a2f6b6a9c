// Sign-up with an invitation link (or without one where the server allows open sign-up), then signed in.
'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { signInApi } from '../../lib/api/account';
import { newAccountError, readNewAccount, type NewAccountState } from '../../lib/new-account';
import { CROSS_SITE, fromDashboard, keepSession } from '../../lib/session';

const invitationField = z.string().regex(/^svi_[A-Za-z0-9_-]{43}$/).optional();

export async function signUp(_previous: NewAccountState, form: FormData): Promise<NewAccountState> {
  if (!(await fromDashboard())) return { error: CROSS_SITE };
  const read = readNewAccount(form);
  if (!read.ok) return read.state;
  const invitation = invitationField.safeParse(form.get('invitation') || undefined);
  if (!invitation.success) return { error: 'This invitation link is damaged. Ask for a new one.' };
  const made = await signInApi().signup({ ...read.data, invitation: invitation.data });
  if (!made.ok) return { error: newAccountError(made), email: read.data.email, displayName: read.data.display_name };
  await keepSession(made.data);
  redirect('/settings?notice=welcome');
}

// First-run setup: the server makes the owner's account only while the instance has none, then it is signed in.
'use server';
import { redirect } from 'next/navigation';
import { signInApi } from '../../lib/api/account';
import { newAccountError, readNewAccount, type NewAccountState } from '../../lib/new-account';
import { CROSS_SITE, fromDashboard, keepSession } from '../../lib/session';

export async function setUp(_previous: NewAccountState, form: FormData): Promise<NewAccountState> {
  if (!(await fromDashboard())) return { error: CROSS_SITE };
  const read = readNewAccount(form);
  if (!read.ok) return read.state;
  const made = await signInApi().setup(read.data);
  if (!made.ok) {
    // Someone else finished setup first: sign-in is the way in now.
    if (made.status === 409) redirect('/login?notice=set_up');
    return { error: newAccountError(made), email: read.data.email, displayName: read.data.display_name };
  }
  await keepSession(made.data);
  redirect('/settings?notice=welcome');
}

// The opening every settings action shares: a same-origin post with a session, or a reason to stop.
import { redirect } from 'next/navigation';
import { accountApi, type AccountApi } from './api/account';
import { withNext } from './safe-next';
import { CROSS_SITE, fromDashboard, sessionToken } from './session';

export type Opened = { ok: true; api: AccountApi } | { ok: false; error: string };

export async function openAccount(here: string): Promise<Opened> {
  if (!(await fromDashboard())) return { ok: false, error: CROSS_SITE };
  const token = await sessionToken();
  if (!token) redirect(withNext('/login', here));
  return { ok: true, api: accountApi(token) };
}

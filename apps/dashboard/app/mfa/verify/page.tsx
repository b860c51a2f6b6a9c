// Second-factor page: where an aal1 session of an account with a factor is sent before anything else.
import { redirect } from 'next/navigation';
import { accountApi } from '../../../lib/api/account';
import { safeNext, withNext } from '../../../lib/safe-next';
import { param, type SearchParams } from '../../../lib/search-params';
import { requireToken } from '../../../lib/session';
import { VerifyForm } from './verify-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Second factor · Memory service' };

export default async function MfaVerifyPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const next = safeNext(param(await searchParams, 'next'));
  const token = await requireToken(withNext('/mfa/verify', next));
  const session = await accountApi(token).session();
  // Nothing to verify (no factor, or already given): go on to where the person was going.
  if (session.ok && !session.data.mfa_required) redirect(next);
  return (
    <main className="narrow">
      <h1>Second factor</h1>
      <p>
        {session.ok ? <>Signed in as {session.data.user.email}. </> : null}
        Enter a code to continue.
      </p>
      <VerifyForm next={next} />
      <form method="post" action="/logout" style={{ marginTop: '1rem' }}>
        <button type="submit" className="link">
          Sign out and use another account
        </button>
      </form>
    </main>
  );
}

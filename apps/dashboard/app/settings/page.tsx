// Settings: the second factor, connected agents, sign-out and account deletion.
import { Nav } from '../../components/nav';
import { FailureNote } from '../../components/failure-note';
import { accountApi } from '../../lib/api/account';
import { dataOr, isFailure } from '../../lib/page-result';
import { param, type SearchParams } from '../../lib/search-params';
import { requireToken } from '../../lib/session';
import { Agents } from './agents';
import { removeFactor } from './mfa-actions';
import { MfaEnrol } from './mfa-enrol';
import { NewRecoveryCodes } from './new-recovery-codes';
import { DeleteAccount } from './delete-account';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Settings · Memory service' };

const NOTICES: Record<string, string> = {
  factor_removed: 'The second factor was removed.',
  agent_revoked: 'The agent was disconnected.',
  failed: 'That did not work. Try again.',
};

export default async function SettingsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const notice = NOTICES[param(await searchParams, 'notice') ?? ''];
  const api = accountApi(await requireToken('/settings'));
  const [session, agents] = await Promise.all([api.session(), api.agents()]).then(([s, a]) => [
    dataOr(s, '/settings'),
    dataOr(a, '/settings'),
  ] as const);
  return (
    <>
      <Nav current="/settings" />
      <main className="page">
        <h1>Settings</h1>
        {notice ? <p className="notice" role="status">{notice}</p> : null}
        <section className="panel" aria-labelledby="mfa-heading">
          <h2 id="mfa-heading">Second factor</h2>
          {isFailure(session) ? (
            <FailureNote failure={session} />
          ) : session.mfa_enrolled ? (
            <>
              <p>Your account asks for a code from your authenticator app after the password.</p>
              <div className="row">
                <NewRecoveryCodes />
                <form action={removeFactor}>
                  <button type="submit" className="secondary">
                    Remove the second factor
                  </button>
                </form>
              </div>
            </>
          ) : (
            <MfaEnrol />
          )}
        </section>
        <section className="panel" aria-labelledby="agents-heading">
          <h2 id="agents-heading">Connected agents</h2>
          {isFailure(agents) ? <FailureNote failure={agents} /> : <Agents agents={agents.agents} />}
        </section>
        <section className="panel" aria-labelledby="signout-heading">
          <h2 id="signout-heading">Sign out</h2>
          <form method="post" action="/logout">
            <button type="submit" className="secondary">
              Sign out of this browser
            </button>
          </form>
        </section>
        {isFailure(session) ? null : (
          <section className="panel" aria-labelledby="delete-heading">
            <h2 id="delete-heading">Delete account</h2>
            <DeleteAccount email={session.user.email} />
          </section>
        )}
      </main>
    </>
  );
}

// Settings: the second factor, connected agents, personal access tokens, invitations (owner), sign-out and account deletion.
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
import { Invitations } from './invitations';
import { NewInvitation } from './new-invitation';
import { NewToken } from './new-token';
import { Tokens } from './tokens';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Settings · Memory service' };

const NOTICES: Record<string, string> = {
  factor_removed: 'The second factor was removed.',
  agent_revoked: 'The agent was disconnected.',
  token_revoked: 'The token was revoked; agents using it are refused from now on.',
  invitation_withdrawn: 'The invitation was withdrawn; its link no longer works.',
  welcome: 'Your account is ready and you are signed in. Next: a second factor, and a token or an agent to connect.',
  failed: 'That did not work. Try again.',
};

export default async function SettingsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const notice = NOTICES[param(await searchParams, 'notice') ?? ''];
  const api = accountApi(await requireToken('/settings'));
  const [session, agents, tokens, invitations] = await Promise.all([
    api.session(),
    api.agents(),
    api.tokens(),
    api.invitations(),
  ]).then(([s, a, t, i]) => [dataOr(s, '/settings'), dataOr(a, '/settings'), dataOr(t, '/settings'), i] as const);
  // Only the owner may invite; anyone else is refused (403) and sees no such section.
  const owner = invitations.ok || invitations.status !== 403;
  return (
    <>
      <Nav current="/settings" />
      <main className="page" id="main">
        <h1>Settings</h1>
        {notice ? (
          <p className="notice" role="status">
            {notice}
          </p>
        ) : null}
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
        <section className="panel" aria-labelledby="tokens-heading">
          <h2 id="tokens-heading">Personal access tokens</h2>
          <p className="muted">
            For agents and scripts that cannot sign in through the browser. Tokens made with{' '}
            <code>svc token create</code> are listed here too.
          </p>
          {isFailure(tokens) ? <FailureNote failure={tokens} /> : <Tokens tokens={tokens.tokens} />}
          <NewToken />
        </section>
        {owner ? (
          <section className="panel" aria-labelledby="invitations-heading">
            <h2 id="invitations-heading">Invite people</h2>
            {invitations.ok ? (
              <>
                <p className="muted">
                  {invitations.data.signup_open
                    ? 'Sign-up is open on this instance (SIGNUP_OPEN): anyone who reaches it can make an account. '
                    : 'Accounts here are by invitation. '}
                  As the owner you can send a link that makes one account.
                </p>
                <Invitations invitations={invitations.data.invitations} />
                <NewInvitation />
              </>
            ) : (
              <FailureNote failure={invitations} />
            )}
          </section>
        ) : null}
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

// Sign-up: with the owner's invitation link, or open to anyone where the server is configured so (SIGNUP_OPEN).
import { redirect } from 'next/navigation';
import { FailureNote } from '../../components/failure-note';
import { signInApi } from '../../lib/api/account';
import { param, type SearchParams } from '../../lib/search-params';
import { SignupForm } from './signup-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Create an account · Memory service', referrer: 'no-referrer' };

function until(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}

export default async function SignupPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const code = param(await searchParams, 'invitation');
  const state = await signInApi().signupState(code);
  if (state.ok && state.data.needs_setup) redirect('/setup');
  return (
    <main className="narrow" id="main">
      <h1>Create an account</h1>
      {!state.ok ? (
        <FailureNote failure={state} />
      ) : state.data.invitation ? (
        <>
          <p>
            You were invited to this memory service
            {state.data.invitation.email ? (
              <>
                {' '}
                as <strong>{state.data.invitation.email}</strong>
              </>
            ) : null}
            . The invitation works once, until {until(state.data.invitation.expires_at)}.
          </p>
          <SignupForm invitation={code} email={state.data.invitation.email} />
        </>
      ) : code ? (
        <p className="error" role="alert">
          This invitation link has expired, was already used or was withdrawn. Ask the person who sent it for a new
          one.
        </p>
      ) : state.data.open ? (
        <SignupForm />
      ) : (
        <p>
          Accounts here are by invitation. Ask the owner of this instance for an invitation link, or{' '}
          <a href="/login">sign in</a>.
        </p>
      )}
      <p className="muted">
        Already have an account? <a href="/login">Sign in</a>
      </p>
    </main>
  );
}

// The sign-up form; an invitation's code rides along hidden, and its address (if any) is fixed.
'use client';
import { useActionState } from 'react';
import { NewAccountFields } from '../../components/new-account-fields';
import type { NewAccountState } from '../../lib/new-account';
import { signUp } from './actions';

export function SignupForm({ invitation, email }: { invitation?: string; email?: string | null }) {
  const [state, action, pending] = useActionState<NewAccountState, FormData>(signUp, {});
  return (
    <form action={action} className="stack">
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      {invitation ? <input type="hidden" name="invitation" value={invitation} /> : null}
      <NewAccountFields email={state.email} displayName={state.displayName} fixedEmail={email} />
      <button type="submit" disabled={pending}>
        {pending ? 'Creating…' : 'Create my account'}
      </button>
    </form>
  );
}

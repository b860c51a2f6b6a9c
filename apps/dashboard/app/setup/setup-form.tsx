// The first-run form; the server action's error stays beside the fields.
'use client';
import { useActionState } from 'react';
import { NewAccountFields } from '../../components/new-account-fields';
import type { NewAccountState } from '../../lib/new-account';
import { setUp } from './actions';

export function SetupForm() {
  const [state, action, pending] = useActionState<NewAccountState, FormData>(setUp, {});
  return (
    <form action={action} className="stack">
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      <NewAccountFields email={state.email} displayName={state.displayName} />
      <button type="submit" disabled={pending}>
        {pending ? 'Creating…' : 'Create the owner account'}
      </button>
    </form>
  );
}

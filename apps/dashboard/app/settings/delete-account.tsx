// Deleting the account, confirmed by typing its email address.
'use client';
import { useActionState } from 'react';
import { deleteAccount, type DeleteState } from './account-actions';

export function DeleteAccount({ email }: { email: string }) {
  const [state, action, pending] = useActionState<DeleteState, FormData>(deleteAccount, {});
  return (
    <form action={action} className="stack">
      <p>
        This removes your account, your memories, the projects only you own, and every connected agent. It cannot
        be undone.
      </p>
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      <label>
        <span>
          Type <strong>{email}</strong> to confirm
        </span>
        <input type="email" name="confirm_email" autoComplete="off" required />
      </label>
      <button type="submit" className="danger" disabled={pending}>
        Delete my account
      </button>
    </form>
  );
}

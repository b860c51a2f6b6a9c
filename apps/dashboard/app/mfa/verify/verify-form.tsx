// The code form of the second-factor page.
'use client';
import { useActionState } from 'react';
import { verifyCode, type VerifyState } from './actions';

export function VerifyForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState<VerifyState, FormData>(verifyCode, {});
  return (
    <form action={action} className="stack">
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      <input type="hidden" name="next" value={next} />
      <label>
        Code
        <input
          type="text"
          name="code"
          inputMode="text"
          autoComplete="one-time-code"
          autoFocus
          required
          aria-describedby="code-help"
        />
      </label>
      <p id="code-help" className="muted">
        The 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <button type="submit" disabled={pending}>
        {pending ? 'Checking…' : 'Verify'}
      </button>
    </form>
  );
}

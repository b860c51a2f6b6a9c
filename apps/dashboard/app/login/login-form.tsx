// The email and password form; the server action's error stays on the page beside the fields.
'use client';
import { useActionState } from 'react';
import { signIn, type SignInState } from './actions';

export function LoginForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signIn, {});
  return (
    <form action={action} className="stack" aria-describedby={state.error ? 'login-error' : undefined}>
      {state.error ? (
        <p id="login-error" className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      <input type="hidden" name="next" value={next} />
      <label>
        Email
        <input type="email" name="email" autoComplete="username" required defaultValue={state.email} />
      </label>
      <label>
        Password
        <input type="password" name="password" autoComplete="current-password" required />
      </label>
      <button type="submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

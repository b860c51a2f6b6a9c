// Setting up the second factor: the secret for an authenticator app, a code to confirm, then recovery codes.
'use client';
import { useActionState } from 'react';
import { enrolStep, type MfaState } from './mfa-actions';
import { RecoveryCodes } from './recovery-codes';

export function MfaEnrol() {
  const [state, action, pending] = useActionState<MfaState, FormData>(enrolStep, {});
  const error = state.error ? (
    <p className="error" role="alert">
      {state.error}
    </p>
  ) : null;
  if (state.recoveryCodes) return <RecoveryCodes codes={state.recoveryCodes} />;
  if (!state.enroll) {
    return (
      <form action={action}>
        {error}
        <p>Protect your account with a code from an authenticator app.</p>
        <button type="submit" name="intent" value="start" disabled={pending}>
          Set up a second factor
        </button>
      </form>
    );
  }
  return (
    <form action={action} className="stack">
      {error}
      <p>Add this secret to your authenticator app (or open the link on a device that has one):</p>
      <p>
        Secret: <code className="secret" data-testid="totp-secret">{state.enroll.secret}</code>
      </p>
      <p>
        <a href={state.enroll.otpauth_uri} data-testid="otpauth-uri">
          {state.enroll.otpauth_uri}
        </a>
      </p>
      <input type="hidden" name="factor_id" value={state.enroll.factor_id} />
      <label>
        Code from the app
        <input type="text" name="code" inputMode="numeric" autoComplete="one-time-code" required />
      </label>
      <button type="submit" name="intent" value="confirm" disabled={pending}>
        Confirm
      </button>
    </form>
  );
}

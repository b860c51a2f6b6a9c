// Setting up the second factor: the secret for an authenticator app, a code to confirm, then recovery codes.
'use client';
import { useActionState } from 'react';
import { enrolStep, type MfaState } from './mfa-actions';
import { CopyButton } from '../../components/copy-button';
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
      <div className="qr-pair">
        {state.qr ? (
          <img
            src={state.qr}
            width={192}
            height={192}
            alt="QR code of the secret below, for an authenticator app's camera"
            data-testid="totp-qr"
          />
        ) : null}
        <div className="stack">
          <p>Scan the QR code with your authenticator app, or type this secret into it:</p>
          <p>
            <code className="secret" id="totp-secret" data-testid="totp-secret">
              {state.enroll.secret}
            </code>
          </p>
          <CopyButton text={state.enroll.secret} label="Copy the secret" targetId="totp-secret" />
          <p className="muted">
            On a device with an authenticator app you can also{' '}
            <a href={state.enroll.otpauth_uri} data-testid="otpauth-uri">
              open the setup link
            </a>
            .
          </p>
        </div>
      </div>
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

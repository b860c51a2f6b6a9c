// New recovery codes for an account that has a second factor; the old ones stop working.
'use client';
import { useActionState } from 'react';
import { regenerateCodes, type MfaState } from './mfa-actions';
import { RecoveryCodes } from './recovery-codes';

export function NewRecoveryCodes() {
  const [state, action, pending] = useActionState<MfaState, FormData>(regenerateCodes, {});
  if (state.recoveryCodes) return <RecoveryCodes codes={state.recoveryCodes} />;
  return (
    <form action={action}>
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      <button type="submit" className="secondary" disabled={pending}>
        Make new recovery codes
      </button>
    </form>
  );
}

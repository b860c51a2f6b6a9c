// Making a personal access token: a name and a lifetime in, the token out once with a copy button.
'use client';
import { useActionState } from 'react';
import { ShownOnce } from '../../components/shown-once';
import { makeToken, type TokenState } from './token-actions';

export function NewToken() {
  const [state, action, pending] = useActionState<TokenState, FormData>(makeToken, {});
  return (
    <div className="stack">
      {state.made ? (
        <ShownOnce id="new-token" value={state.made.token} copyLabel="Copy the token" doneHref="/settings#tokens-heading">
          <strong>Token “{state.made.name}” made.</strong> Copy it now: it is not shown again. Give it to an agent as{' '}
          <code>SVC_TOKEN</code> or an <code>Authorization: Bearer</code> header.
        </ShownOnce>
      ) : null}
      <form action={action} className="stack">
        {state.error ? (
          <p className="error" role="alert">
            {state.error}
          </p>
        ) : null}
        <div className="row">
          <label className="grow">
            Name of a new token
            <input type="text" name="name" maxLength={200} required placeholder="e.g. work laptop" />
          </label>
          <label>
            Expires
            <select name="expires" defaultValue="never">
              <option value="never">never (until revoked)</option>
              <option value="30">in 30 days</option>
              <option value="90">in 90 days</option>
              <option value="365">in a year</option>
            </select>
          </label>
        </div>
        <div>
          <button type="submit" disabled={pending}>
            {pending ? 'Making…' : 'Make a token'}
          </button>
        </div>
      </form>
    </div>
  );
}

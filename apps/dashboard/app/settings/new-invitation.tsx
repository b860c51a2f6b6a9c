// Inviting a person: an optional address and a lifetime in, the link out once with a copy button.
'use client';
import { useActionState } from 'react';
import { ShownOnce } from '../../components/shown-once';
import { when } from '../../lib/when';
import { makeInvitation, type InvitationState } from './invitation-actions';

export function NewInvitation() {
  const [state, action, pending] = useActionState<InvitationState, FormData>(makeInvitation, {});
  return (
    <div className="stack">
      {state.made ? (
        <ShownOnce id="invitation-link" value={state.made.link} copyLabel="Copy the link" doneHref="/settings#invitations-heading">
          <strong>Invitation made{state.made.email ? ` for ${state.made.email}` : ''}.</strong> Send this link; it works
          once, until {when(state.made.expiresAt)}, and is not shown again.
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
            <span>
              Email of the person <span className="muted">(optional: only this address can use the link)</span>
            </span>
            <input type="email" name="email" maxLength={320} autoComplete="off" />
          </label>
          <label>
            Link works for
            <select name="days" defaultValue="7">
              <option value="1">1 day</option>
              <option value="7">7 days</option>
              <option value="30">30 days</option>
            </select>
          </label>
        </div>
        <div>
          <button type="submit" disabled={pending}>
            {pending ? 'Making…' : 'Make an invitation link'}
          </button>
        </div>
      </form>
    </div>
  );
}

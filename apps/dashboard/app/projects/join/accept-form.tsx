// The one button that accepts the invitation, with the server's reason when it cannot.
'use client';
import { useActionState } from 'react';
import { acceptInvitation, type JoinState } from './actions';

export function AcceptForm({ code, projectName }: { code: string; projectName: string }) {
  const [state, action, pending] = useActionState<JoinState, FormData>(acceptInvitation, {});
  return (
    <form action={action} className="stack">
      <input type="hidden" name="code" value={code} />
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={pending}>
          Join {projectName}
        </button>
      </div>
    </form>
  );
}

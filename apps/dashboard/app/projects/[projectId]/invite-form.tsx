// Inviting by email: an account here joins at once; anyone else gets a link, shown here this once, with a copy button.
'use client';
import { useActionState } from 'react';
import { invite, type InviteState } from './actions';
import { CopyButton } from '../../../components/copy-button';
import { RoleSelect } from './role-select';

export function InviteForm({ projectId }: { projectId: string }) {
  const [state, action, pending] = useActionState<InviteState, FormData>(invite, {});
  return (
    <form action={action} className="stack" aria-labelledby="invite-heading">
      <input type="hidden" name="project_id" value={projectId} />
      <div className="row">
        <label className="grow">
          <span>Email address</span>
          <input type="email" name="email" autoComplete="off" required />
        </label>
        <RoleSelect id="invite-role" name="role" label="Role" value="writer" />
        <button type="submit" disabled={pending} className="align-end">
          Invite
        </button>
      </div>
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      {state.added ? (
        <p className="notice" role="status">
          {state.added}
        </p>
      ) : null}
      {state.link ? (
        <div className="notice" role="status" data-testid="invitation-link">
          <p>
            {state.link.email} has no account here yet. Send them this link; it is shown only now. It makes them a{' '}
            {state.link.role} once they sign in as {state.link.email}, until{' '}
            {new Date(state.link.expires_at).toUTCString()}.
          </p>
          <p className="row">
            <code className="secret" id="invitation-url">
              {state.link.url}
            </code>
            <CopyButton text={state.link.url} label="Copy link" targetId="invitation-url" />
          </p>
        </div>
      ) : null}
    </form>
  );
}

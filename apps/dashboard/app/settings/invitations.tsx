// The owner's invitations: who each was for, until when, and whether it was used; open ones can be withdrawn.
import type { InvitationItem } from '../../lib/api/schemas';
import { when } from '../../lib/when';
import { withdrawInvitation } from './invitation-actions';

const STATE: Record<InvitationItem['state'], string> = {
  open: 'Waiting',
  accepted: 'Used',
  revoked: 'Withdrawn',
  expired: 'Expired',
};

export function Invitations({ invitations }: { invitations: InvitationItem[] }) {
  if (invitations.length === 0) return <p className="muted">No invitation yet.</p>;
  return (
    <table data-testid="invitations">
      <thead>
        <tr>
          <th scope="col">For</th>
          <th scope="col">Made</th>
          <th scope="col">Expires</th>
          <th scope="col">State</th>
          <th scope="col">
            <span className="muted">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {invitations.map((i) => (
          <tr key={i.id}>
            <td>{i.email ?? 'anyone with the link'}</td>
            <td>{when(i.created_at)}</td>
            <td>{when(i.expires_at)}</td>
            <td>{i.state === 'accepted' && i.accepted_at ? `Used ${when(i.accepted_at)}` : STATE[i.state]}</td>
            <td>
              {i.state === 'open' ? (
                <form action={withdrawInvitation}>
                  <input type="hidden" name="invitation_id" value={i.id} />
                  <button type="submit" className="secondary" aria-label={`Withdraw the invitation for ${i.email ?? 'anyone'}`}>
                    Withdraw
                  </button>
                </form>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

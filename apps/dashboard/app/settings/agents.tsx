// The connected agents list: each agent's session can be revoked, which stops its tokens at once.
import type { ConnectedAgent } from '../../lib/api/schemas';
import { revokeAgent } from './account-actions';

function when(value: string | null | undefined): string {
  return value ? new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : '—';
}

export function Agents({ agents }: { agents: ConnectedAgent[] }) {
  if (agents.length === 0) return <p className="muted">No agent is connected.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Agent</th>
          <th scope="col">Connected</th>
          <th scope="col">Last used</th>
          <th scope="col">
            <span className="muted">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {agents.map((agent) => {
          const id = agent.session_id ?? agent.id ?? '';
          const name = agent.client_name ?? agent.client_id ?? 'Unnamed agent';
          return (
            <tr key={id}>
              <td>{name}</td>
              <td>{when(agent.created_at)}</td>
              <td>{when(agent.last_used_at)}</td>
              <td>
                <form action={revokeAgent}>
                  <input type="hidden" name="session_id" value={id} />
                  <button type="submit" className="secondary" aria-label={`Revoke ${name}`}>
                    Revoke
                  </button>
                </form>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

// The connected agents list: each by its registered name, told apart by redirect host and registration date; revocable.
import type { ConnectedAgent } from '../../lib/api/schemas';
import { when } from '../../lib/when';
import { revokeAgent } from './account-actions';

/** "MCP CLI Proxy · 127.0.0.1:43110 · registered 25 Nov 2026": what makes two same-named agents different. */
function describe(agent: ConnectedAgent): { name: string; detail: string } {
  const name = agent.client_name ?? agent.client_id ?? 'Unnamed agent';
  const parts = [];
  if (agent.redirect_hosts.length > 0) parts.push(`returns to ${agent.redirect_hosts.join(', ')}`);
  if (agent.registered_at) parts.push(`registered ${when(agent.registered_at)}`);
  return { name, detail: parts.join(' · ') };
}

export function Agents({ agents }: { agents: ConnectedAgent[] }) {
  if (agents.length === 0) return <p className="muted">No agent is connected.</p>;
  return (
    <table data-testid="agents">
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
          const { name, detail } = describe(agent);
          return (
            <tr key={id}>
              <td>
                {name}
                {detail ? <div className="muted small">{detail}</div> : null}
              </td>
              <td>{when(agent.created_at)}</td>
              <td>{when(agent.last_used_at)}</td>
              <td>
                <form action={revokeAgent}>
                  <input type="hidden" name="session_id" value={id} />
                  <button type="submit" className="secondary" aria-label={`Revoke ${name}${detail ? ` (${detail})` : ''}`}>
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

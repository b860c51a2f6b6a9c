// The connected agents list: one row per application (all its sessions together), told apart by name, short client id, redirect host and registration date; revocable.
import type { ConnectedAgent } from '../../lib/api/schemas';
import { when } from '../../lib/when';
import { revokeAgent } from './account-actions';

/** Enough of a client id to tell two registrations apart at a glance; the whole id is in the tooltip. */
const SHORT_ID = 8;

/**
 * "MCP CLI Proxy · client 3f9a1c2e · returns to 127.0.0.1:43110 · registered 25 Nov 2026": several
 * agents register the same name, and each dynamic registration is a client of its own.
 */
function describe(agent: ConnectedAgent): { name: string; detail: string } {
  const name = agent.client_name ?? 'Unnamed agent';
  const parts = [];
  if (agent.client_id) parts.push(`client ${agent.client_id.slice(0, SHORT_ID)}`);
  if (agent.redirect_hosts.length > 0) parts.push(`returns to ${agent.redirect_hosts.join(', ')}`);
  if (agent.registered_at) parts.push(`registered ${when(agent.registered_at)}`);
  return { name, detail: parts.join(' · ') };
}

export function Agents({ agents }: { agents: ConnectedAgent[] }) {
  if (agents.length === 0) return <p className="muted">No agent is connected.</p>;
  return (
    <>
      <p className="muted small">
        Each time you allow an application it gets a session of its own; they are counted together here, and Revoke ends
        all of them.
      </p>
      <table data-testid="agents">
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">Sessions</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="muted">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {agents.map((agent) => {
            const key = agent.client_id ?? agent.session_ids[0] ?? '';
            const { name, detail } = describe(agent);
            return (
              <tr key={key}>
                <td>
                  {name}
                  {detail ? (
                    <div className="muted small" title={agent.client_id ?? undefined}>
                      {detail}
                    </div>
                  ) : null}
                </td>
                <td>
                  {agent.sessions}
                  <div className="muted small">latest {when(agent.last_connected_at)}</div>
                </td>
                <td>{agent.last_used_at ? when(agent.last_used_at) : 'never used'}</td>
                <td>
                  <form action={revokeAgent}>
                    {agent.client_id ? (
                      <input type="hidden" name="client_id" value={agent.client_id} />
                    ) : (
                      <input type="hidden" name="session_id" value={agent.session_ids[0] ?? ''} />
                    )}
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
    </>
  );
}

// Personal access tokens: the ones made here and by `svc token create`, each revocable; revoked and expired ones stay listed.
import type { TokenItem } from '../../lib/api/schemas';
import { when } from '../../lib/when';
import { revokeToken } from './token-actions';

const STATE: Record<TokenItem['state'], string> = { live: 'Active', revoked: 'Revoked', expired: 'Expired' };

export function Tokens({ tokens }: { tokens: TokenItem[] }) {
  if (tokens.length === 0) return <p className="muted">No token yet.</p>;
  return (
    <table data-testid="tokens">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Made</th>
          <th scope="col">Last used</th>
          <th scope="col">Expires</th>
          <th scope="col">State</th>
          <th scope="col">
            <span className="muted">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => {
          const name = token.name ?? 'Unnamed token';
          return (
            <tr key={token.id}>
              <td>{name}</td>
              <td>{when(token.created_at)}</td>
              <td>{token.last_used_at ? when(token.last_used_at) : 'never'}</td>
              <td>{token.expires_at ? when(token.expires_at) : 'never'}</td>
              <td>{STATE[token.state]}</td>
              <td>
                {token.state === 'live' ? (
                  <form action={revokeToken}>
                    <input type="hidden" name="token_id" value={token.id} />
                    <button type="submit" className="secondary" aria-label={`Revoke token ${name}`}>
                      Revoke
                    </button>
                  </form>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

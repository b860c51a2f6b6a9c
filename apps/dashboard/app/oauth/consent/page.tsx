// Consent page: who is asking, where the browser returns, what the agent may do; Allow or Deny.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { AuthorizationRequest } from '../../../lib/api/schemas';
import { consentApi } from '../../../lib/api/oauth';
import { problemText, scopeText } from '../../../lib/consent-text';
import { dashboardOrigin } from '../../../lib/env';
import { dataOr, isFailure } from '../../../lib/page-result';
import { allowsScreenless } from '../../../lib/screenless';
import { param, type SearchParams } from '../../../lib/search-params';
import { requireToken } from '../../../lib/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Connect an application · Memory service' };

export default async function ConsentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const id = param(params, 'id') ?? '';
  const here = `/oauth/consent?id=${encodeURIComponent(id)}`;
  const token = await requireToken(here);
  const problem = param(params, 'problem');
  const screenless = !problem && allowsScreenless(await headers(), dashboardOrigin());
  const answer = id ? dataOr(await consentApi(token).read(id, screenless), here) : null;
  if (answer && !isFailure(answer) && 'skip' in answer) redirect(answer.redirect_to);
  return (
    <main className="narrow">
      <h1>Connect an application</h1>
      {problem ? (
        <p className="error" role="alert">
          {problemText(problem)}
        </p>
      ) : null}
      {answer && !isFailure(answer) ? (
        <Request request={answer} />
      ) : problem ? null : (
        <p className="error" role="alert">
          {problemText(answer?.status ?? 404)}
        </p>
      )}
    </main>
  );
}

function Request({ request }: { request: AuthorizationRequest }) {
  const name = request.client.client_name ?? request.client.client_id;
  return (
    <>
      <p>
        <strong>{name}</strong> wants to use your memory service as you.
      </p>
      {request.client.client_uri ? (
        <p className="muted">
          Application website: <a href={request.client.client_uri}>{request.client.client_uri}</a>
        </p>
      ) : null}
      <h2>After you decide, your browser goes to</h2>
      <p className="return-address" data-testid="redirect-uri">
        {request.redirect_uri}
      </p>
      <p className="muted">Allow only if you started this connection and you recognise this address.</p>
      <h2>It will be able to</h2>
      <ul className="scopes">
        {request.scopes.map((scope) => (
          <li key={scope}>{scopeText(scope)}</li>
        ))}
      </ul>
      <form method="post" action="/oauth/consent/decision" className="choices">
        <input type="hidden" name="id" value={request.id} />
        <button type="submit" name="decision" value="deny" className="secondary">
          Deny
        </button>
        <button type="submit" name="decision" value="allow">
          Allow
        </button>
      </form>
    </>
  );
}

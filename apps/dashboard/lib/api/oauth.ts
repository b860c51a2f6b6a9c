// The server's consent routes: read an authorization request, answer it.
import type { ServerApi } from './client';
import { serverApi } from './account';
import { authorizationAnswer, consentAnswer } from './schemas';

export type Decision = 'allow' | 'deny';

export function consentApi(token: string, api: ServerApi = serverApi(token)) {
  const path = (id: string) => `/oauth/authorizations/${encodeURIComponent(id)}`;
  return {
    read: (id: string, screenless: boolean) =>
      api.request('GET', `${path(id)}${screenless ? '?screenless=1' : ''}`, authorizationAnswer),
    decide: (id: string, decision: Decision) =>
      api.request('POST', `${path(id)}/consent`, consentAnswer, { decision }),
  };
}

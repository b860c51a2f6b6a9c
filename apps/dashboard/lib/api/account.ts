// The server's /account/* routes, one function each (decisions-auth.md, "Server API for the dashboard").
import { appEnv } from '../env';
import { createServerApi, type ServerApi } from './client';
import {
  aalAnswer,
  agentsAnswer,
  enrollAnswer,
  invitationMade,
  invitationsAnswer,
  loginAnswer,
  noContent,
  oidcInfo,
  oidcStartAnswer,
  recoveryCodesAnswer,
  sessionAnswer,
  setupState,
  signupState,
  tokenMade,
  tokensAnswer,
} from './schemas';

export interface NewAccount {
  email: string;
  password: string;
  display_name?: string;
}

export function serverApi(token?: string): ServerApi {
  return createServerApi({ baseUrl: appEnv().MCP_SERVER_URL, token });
}

/** Routes open without a session: signing in. */
export function signInApi(api: ServerApi = serverApi()) {
  return {
    login: (email: string, password: string) => api.request('POST', '/account/login', loginAnswer, { email, password }),
    oidc: () => api.request('GET', '/account/oidc', oidcInfo),
    oidcStart: (redirectUri: string) =>
      api.request('POST', '/account/oidc/start', oidcStartAnswer, { redirect_uri: redirectUri }),
    oidcCallback: (callbackUrl: string) =>
      api.request('POST', '/account/oidc/callback', loginAnswer, { callback_url: callbackUrl }),
    setupState: () => api.request('GET', '/account/setup', setupState),
    setup: (account: NewAccount) => api.request('POST', '/account/setup', loginAnswer, account),
    signupState: (invitation?: string) =>
      api.request(
        'GET',
        `/account/signup${invitation ? `?invitation=${encodeURIComponent(invitation)}` : ''}`,
        signupState,
      ),
    signup: (account: NewAccount & { invitation?: string }) =>
      api.request('POST', '/account/signup', loginAnswer, account),
  };
}

/** Routes of a signed-in person's own account. */
export function accountApi(token: string, api: ServerApi = serverApi(token)) {
  return {
    session: () => api.request('GET', '/account/session', sessionAnswer),
    logout: () => api.request('POST', '/account/logout', noContent),
    mfaVerify: (code: string) => api.request('POST', '/account/mfa/verify', aalAnswer, { code }),
    mfaEnroll: () => api.request('POST', '/account/mfa/enroll', enrollAnswer),
    mfaConfirm: (factorId: string, code: string) =>
      api.request('POST', '/account/mfa/enroll/confirm', recoveryCodesAnswer, { factor_id: factorId, code }),
    recoveryCodes: () => api.request('POST', '/account/mfa/recovery-codes', recoveryCodesAnswer),
    removeFactor: () => api.request('DELETE', '/account/mfa', noContent),
    agents: () => api.request('GET', '/account/agents', agentsAnswer),
    revokeAgent: (sessionId: string) =>
      api.request('DELETE', `/account/agents/${encodeURIComponent(sessionId)}`, noContent),
    revokeClient: (clientId: string) =>
      api.request('DELETE', `/account/agents/clients/${encodeURIComponent(clientId)}`, noContent),
    tokens: () => api.request('GET', '/account/tokens', tokensAnswer),
    createToken: (name: string, expiresInDays?: number) =>
      api.request('POST', '/account/tokens', tokenMade, { name, expires_in_days: expiresInDays }),
    revokeToken: (id: string) => api.request('DELETE', `/account/tokens/${encodeURIComponent(id)}`, noContent),
    invitations: () => api.request('GET', '/account/invitations', invitationsAnswer),
    createInvitation: (email: string | undefined, expiresInDays: number) =>
      api.request('POST', '/account/invitations', invitationMade, { email, expires_in_days: expiresInDays }),
    revokeInvitation: (id: string) =>
      api.request('DELETE', `/account/invitations/${encodeURIComponent(id)}`, noContent),
    deleteAccount: (confirmEmail: string) => api.request('DELETE', '/account', noContent, { confirm_email: confirmEmail }),
  };
}
export type AccountApi = ReturnType<typeof accountApi>;

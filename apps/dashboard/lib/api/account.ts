// The server's /account/* routes, one function each (decisions-auth.md, "Server API for the dashboard").
import { appEnv } from '../env';
import { createServerApi, type ServerApi } from './client';
import {
  aalAnswer,
  agentsAnswer,
  enrollAnswer,
  loginAnswer,
  noContent,
  oidcInfo,
  oidcStartAnswer,
  recoveryCodesAnswer,
  sessionAnswer,
} from './schemas';

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
    deleteAccount: (confirmEmail: string) => api.request('DELETE', '/account', noContent, { confirm_email: confirmEmail }),
  };
}
export type AccountApi = ReturnType<typeof accountApi>;

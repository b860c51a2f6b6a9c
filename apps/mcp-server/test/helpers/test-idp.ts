// A real second oidc-provider on loopback, standing in for the external identity provider in sign-in tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface IdpAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider next; change it between sign-ins. */
  account: IdpAccount;
  close(): Promise<void>;
}

/** Login and consent answered at once for `idp.account`, as a person clicking through would. */
async function interact(provider: Provider, idp: TestIdp, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: idp.account.sub } }, { mergeWithLastSubmission: false });
    return;
  }
  const accountId = details.session?.accountId ?? idp.account.sub;
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  if (!grant) throw new Error('grant of the interaction not found');
  const missingScope = details.prompt.details.missingOIDCScope as string[] | undefined;
  if (missingScope) grant.addOIDCScope(missingScope.join(' '));
  const missingClaims = details.prompt.details.missingOIDCClaims as string[] | undefined;
  if (missingClaims) grant.addOIDCClaims(missingClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

export async function startTestIdp(opts: { redirectUris: string[]; account: IdpAccount }): Promise<TestIdp> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const idp: TestIdp = {
    issuer,
    clientId: 'svc-dashboard',
    clientSecret: 'a-long-enough-client-secret-for-tests',
    account: opts.account,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        redirect_uris: opts.redirectUris,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'idp-test' }] },
    cookies: { keys: ['idp-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) =>
      sub === idp.account.sub ? { accountId: sub, claims: () => ({ ...idp.account }) } : undefined,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    features: { devInteractions: { enabled: false } },
  });
  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, idp, req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    void callback(req, res);
  });
  return idp;
}

/** Follows the provider's redirects in a fresh browser (its own cookies) until it is sent to `redirectUri`. */
export async function browseToCallback(authorizationUrl: string, redirectUri: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(';')[0] ?? '';
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (location === null) throw new Error(`the provider stopped at ${res.status}: ${await res.text()}`);
    const next = new URL(location, url).href;
    if (next.startsWith(`${redirectUri}?`)) return next;
    url = next;
  }
  throw new Error('too many redirects at the provider');
}

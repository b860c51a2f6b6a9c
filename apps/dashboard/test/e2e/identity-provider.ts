// A real oidc-provider on loopback as the external identity provider, with its own sign-in and consent pages.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type JWK } from 'oidc-provider';

export interface IdpPerson {
  sub: string;
  email: string;
}

export interface IdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return new URLSearchParams(raw);
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

/** GET shows the step the provider asks for; POST finishes it, as a person would by submitting the form. */
async function interaction(provider: Provider, people: IdpPerson[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const action = `/interaction/${details.uid}`;
  const login = details.prompt.name === 'login';
  if (req.method !== 'POST') {
    const body = login
      ? `<form method="post" action="${action}"><label>Email <input name="email" type="email"></label><button>Continue</button></form>`
      : `<p>The memory service asks for your email address.</p><form method="post" action="${action}"><button>Allow</button></form>`;
    send(res, 200, page(login ? 'Identity provider sign-in' : 'Identity provider consent', body));
    return;
  }
  const form = await formBody(req);
  if (login) {
    const person = people.find((p) => p.email === form.get('email'));
    if (!person) return send(res, 200, page('Identity provider sign-in', `<p role="alert">Unknown ${escape(form.get('email') ?? '')}</p>`));
    await provider.interactionFinished(req, res, { login: { accountId: person.sub } }, { mergeWithLastSubmission: false });
    return;
  }
  const grant = new provider.Grant({ accountId: String(details.session?.accountId), clientId: String(details.params.client_id) });
  const missingScope = details.prompt.details.missingOIDCScope as string[] | undefined;
  if (missingScope) grant.addOIDCScope(missingScope.join(' '));
  const missingClaims = details.prompt.details.missingOIDCClaims as string[] | undefined;
  if (missingClaims) grant.addOIDCClaims(missingClaims);
  await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

/** One confidential client (the memory service) whose only redirect URI is the dashboard's callback. */
export async function startIdentityProvider(opts: { redirectUri: string; people: IdpPerson[] }): Promise<IdentityProvider> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'memory-service';
  const clientSecret = 'the-memory-service-secret-at-the-idp';
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(key as JWK), alg: 'RS256', use: 'sig', kid: 'e2e-idp' }] },
    cookies: { keys: ['e2e-idp-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, sub) => {
      const person = opts.people.find((p) => p.sub === sub);
      return person ? { accountId: sub, claims: () => ({ sub, email: person.email, email_verified: true }) } : undefined;
    },
    interactions: { url: (_ctx, i) => `/interaction/${i.uid}` },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    features: { devInteractions: { enabled: false } },
  });
  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    interaction(provider, opts.people, req, res).catch((err: unknown) => send(res, 500, page('Error', escape(String(err)))));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

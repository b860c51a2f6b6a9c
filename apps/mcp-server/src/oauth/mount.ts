// Hands the authorization server's own routes to oidc-provider, seen as PUBLIC_URL and with no browser session carried over.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type Provider from 'oidc-provider';
import { MEMORY_SCOPE, OAUTH_ROUTES } from './names';

const DISCOVERY_PATHS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
];

/** The request path oidc-provider should see, or undefined when the path is not one of its routes. */
export function providerPath(path: string, basePath: string): string | undefined {
  const own = Object.values(OAUTH_ROUTES) as string[];
  if (own.includes(path) || path.startsWith(`${OAUTH_ROUTES.authorization}/`)) return path;
  if (DISCOVERY_PATHS.includes(path)) return path;
  // RFC 8414 §3.1: with a path in the issuer, the well-known segment goes before it.
  return DISCOVERY_PATHS.find((p) => basePath !== '' && path === `${p}${basePath}`);
}

/**
 * A request without a scope asks for the one every tool needs. oidc-provider keeps `offline_access`
 * only with `prompt=consent` (OIDC Core §11); consent is always asked here anyway, so say so.
 */
function withAuthorizationDefaults(query: URLSearchParams): void {
  if (!query.has('scope')) query.set('scope', MEMORY_SCOPE);
  const scopes = (query.get('scope') ?? '').split(' ');
  if (scopes.includes('offline_access') && !query.has('prompt')) query.set('prompt', 'consent');
}

function withoutCookies(header: string | undefined, names: Set<string>): string | undefined {
  if (!header) return header;
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !names.has(part.slice(0, Math.max(0, part.indexOf('=')))));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
const callbacks = new WeakMap<Provider, NodeHandler>();

function callbackOf(provider: Provider): NodeHandler {
  let handler = callbacks.get(provider);
  if (!handler) {
    handler = provider.callback() as NodeHandler;
    callbacks.set(provider, handler);
  }
  return handler;
}

export interface MountOptions {
  provider: () => Promise<Provider>;
  publicUrl: () => string;
  cookiePrefix: string;
}

export function mountProvider(opts: MountOptions): RequestHandler {
  const sessionCookie = `${opts.cookiePrefix}-oauth`;
  const dropped = new Set([sessionCookie, `${sessionCookie}.sig`]);
  return (req, res, next) => {
    const issuer = new URL(opts.publicUrl());
    const basePath = issuer.pathname.replace(/\/+$/, '');
    const path = providerPath(req.path, basePath);
    if (path === undefined) {
      next();
      return;
    }
    const query = new URLSearchParams(
      req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '',
    );
    if (path === OAUTH_ROUTES.authorization) withAuthorizationDefaults(query);
    const search = query.toString();
    req.url = search ? `${path}?${search}` : path;
    // oidc-provider builds every URL from the request; it must see the public address, never a
    // client-sent forwarding header (its `proxy` setting only reads what is set here).
    req.headers['x-forwarded-host'] = issuer.host;
    req.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    delete req.headers['x-forwarded-for'];
    // Each authorization starts without a provider session: who signs in is the dashboard's
    // business, and a stale session of another person would otherwise ask for a sign-out.
    const cookies = withoutCookies(req.headers.cookie, dropped);
    if (cookies === undefined) delete req.headers.cookie;
    else req.headers.cookie = cookies;
    req.originalUrl = `${basePath}${req.url}`;
    opts
      .provider()
      .then((provider) => callbackOf(provider)(req as IncomingMessage, res as ServerResponse))
      .catch(next);
  };
}

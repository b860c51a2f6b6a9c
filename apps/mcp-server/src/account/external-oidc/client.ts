// The service as a client of the configured external OpenID Connect provider, discovered once on first use.
import * as client from 'openid-client';
import type { ExternalOidcSettings } from '../../settings';

export interface ExternalOidc {
  settings: ExternalOidcSettings;
  /** The provider's discovered configuration; a failed discovery is retried on the next sign-in. */
  configuration(): Promise<client.Configuration>;
}

/** `localhost`, 127.0.0.0/8 and [::1]: the only places a plain-http provider is accepted (tests, local setups). */
function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}

async function discover(settings: ExternalOidcSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
  return client.discovery(issuer, settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
    execute: insecure ? [client.allowInsecureRequests] : [],
    timeout: 10,
  });
}

export function createExternalOidc(settings: ExternalOidcSettings): ExternalOidc {
  let discovered: Promise<client.Configuration> | undefined;
  return {
    settings,
    configuration() {
      discovered ??= discover(settings).catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
      return discovered;
    },
  };
}

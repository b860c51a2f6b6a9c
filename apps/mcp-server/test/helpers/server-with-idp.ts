// A server whose dashboard offers sign-in through a real test identity provider on loopback.
import { parseEnv } from '../../src/env';
import { settingsFromEnv } from '../../src/settings';
import { startHarness, type Harness } from './harness';
import { startTestIdp, type IdpAccount, type TestIdp } from './test-idp';

export interface ServerWithIdp {
  h: Harness;
  idp: TestIdp;
  /** The dashboard's callback address registered at the provider. */
  redirectUri: string;
  close(): Promise<void>;
}

/** Nothing listens on `dashboardUrl`: the browser is stopped where the provider sends it back. */
export async function serverWithIdp(dashboardUrl: string, account: IdpAccount): Promise<ServerWithIdp> {
  const redirectUri = `${dashboardUrl}/login/oidc/callback`;
  const idp = await startTestIdp({ redirectUris: [redirectUri], account });
  const defaults = settingsFromEnv(parseEnv({})).auth;
  const h = await startHarness({
    settings: {
      auth: {
        ...defaults,
        dashboardUrl,
        externalOidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: 'Test IdP' },
      },
    },
  });
  return {
    h,
    idp,
    redirectUri,
    close: async () => {
      await h.close();
      await idp.close();
    },
  };
}

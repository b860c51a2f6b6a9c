// Sign-in through an external OpenID Connect provider in Chromium: the button, the provider's pages, the linked account.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordSession, sessionInfo } from './account-api';
import { e2eStack, launchChromium, newPage, screenshot, startOwnStack, where } from './harness';
import { startIdentityProvider, type IdentityProvider } from './identity-provider';
import { freePort } from './processes';
import type { DedicatedStack } from './stack';

const PERSON = { sub: 'idp-person-7f3a', email: 'external@example.com' };
const PROVIDER_NAME = 'Example ID';

// Its own stack: the shared server has no external provider configured.
describe.skipIf(!e2eStack()?.passwords)('sign-in through an external OpenID Connect provider', () => {
  let idp: IdentityProvider;
  let stack: DedicatedStack;
  let browser: Browser;
  let page: Page;
  let passwordUserId = '';
  beforeAll(async () => {
    // The provider must know the dashboard's callback before the dashboard, which must know the provider, starts.
    const dashboardPort = await freePort();
    idp = await startIdentityProvider({
      redirectUri: `http://127.0.0.1:${dashboardPort}/login/oidc/callback`,
      people: [PERSON],
    });
    [stack, browser] = await Promise.all([
      startOwnStack([PERSON.email], {
        dashboardPort,
        serverEnv: {
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: idp.clientId,
          OIDC_CLIENT_SECRET: idp.clientSecret,
          OIDC_PROVIDER_NAME: PROVIDER_NAME,
        },
      }),
      launchChromium(),
    ]);
    page = await newPage(browser);
    passwordUserId = (await passwordSession(stack.serverUrl, PERSON.email, stack.password)).userId;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await idp?.close();
  });

  /** The person the dashboard's session cookie belongs to, asked of the server. */
  async function signedInAs() {
    const cookie = (await page.context().cookies(stack.dashboardUrl)).find((c) => c.name === 'svc-session');
    expect(cookie?.value).toMatch(/^svs_/);
    return sessionInfo(stack.serverUrl, cookie!.value);
  }

  it("shows the provider's button on /login", async () => {
    await page.goto(`${stack.dashboardUrl}/login`);
    await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).waitFor();
    await screenshot(page, 'login-external');
  });

  it("signs in at the provider and comes back signed in, to the account that has the provider's verified email", async () => {
    await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click();
    await page.waitForURL((url) => url.origin === idp.issuer && url.pathname.startsWith('/interaction/'));
    await page.getByLabel('Email').fill(PERSON.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Identity provider consent' }).waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();

    await page.waitForURL((url) => url.origin === stack.dashboardUrl && url.pathname !== '/login/oidc/callback');
    expect(where(page)).toBe('/memories');
    await page.getByRole('heading', { level: 1, name: 'Memories' }).waitFor();
    const session = await signedInAs();
    expect(session.user).toMatchObject({ id: passwordUserId, email: PERSON.email });
    expect(session.amr).toContain('oidc');
    // The return cookie served its one round trip.
    expect((await page.context().cookies()).some((c) => c.name === 'svc-login-next')).toBe(false);
  });

  it("goes straight through on the provider's own session the next time, to the same account, and back to next", async () => {
    await page.getByRole('navigation').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(`${stack.dashboardUrl}/rules`);
    expect(where(page)).toBe('/login?next=%2Frules');
    await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click();
    await page.waitForURL((url) => url.origin === stack.dashboardUrl && url.pathname === '/rules');
    await page.getByRole('heading', { level: 1, name: 'Rules' }).waitFor();
    expect((await signedInAs()).user.id).toBe(passwordUserId);
  });
});

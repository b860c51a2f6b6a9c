// The MCP SDK's own OAuth client end to end in Chromium: discovery, registration, sign-in with a second factor, consent, tools, refresh, restart.
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTotp, totpCode } from './account-api';
import { e2eStack, launchChromium, newPage, screenshot, startOwnStack, submitSignIn } from './harness';
import { startLoopbackPages, type LoopbackPages } from './oauth-client';
import { BrowserOAuthProvider, connectAgent, SDK_CLIENT_NAME, sdkClient, sdkTransport, toolText } from './sdk-oauth-provider';
import type { DedicatedStack } from './stack';

const OWNER = 'sdk-owner@example.com';
const NOTE = 'The SDK agent ships releases on Thursdays.';

/** A refresh grant posted directly, outside the SDK: the status and the OAuth error code. */
async function refreshStatus(serverUrl: string, clientId: string, refreshToken: string): Promise<[number, string | undefined]> {
  const res = await fetch(`${serverUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }),
  });
  return [res.status, ((await res.json()) as { error?: string }).error];
}

// Its own stack: this file restarts the server, which the other files must not notice.
describe.skipIf(!e2eStack()?.passwords)('the MCP SDK OAuth client with a person in Chromium', () => {
  let stack: DedicatedStack;
  let browser: Browser;
  let page: Page;
  let pages: LoopbackPages;
  let provider: BrowserOAuthProvider;
  let secret = '';
  let callback = '';
  let spent: OAuthTokens | undefined;
  const mcpUrl = () => new URL(`${stack.serverUrl}/mcp`);
  beforeAll(async () => {
    [stack, browser, pages] = await Promise.all([startOwnStack([OWNER]), launchChromium(), startLoopbackPages()]);
    page = await newPage(browser);
    secret = await enrolTotp(stack.serverUrl, OWNER, stack.password);
    callback = `http://127.0.0.1:${pages.port}/callback`;
    provider = new BrowserOAuthProvider(callback, async (url) => {
      await page.goto(url.href);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await pages?.close();
    await stack?.close();
  });

  it('discovers, registers, and gets its code after sign-in, the second factor and consent in the browser', async () => {
    const transport = sdkTransport(stack.serverUrl, provider);
    // 401 → protected-resource and authorization-server metadata → registration → the browser is sent.
    await expect(sdkClient().connect(transport)).rejects.toThrow(UnauthorizedError);
    expect(provider.client?.client_id).toBeTruthy();
    const asked = provider.authorizationUrl!;
    expect(asked.origin + asked.pathname).toBe(`${stack.serverUrl}/oauth/authorize`);
    expect(asked.searchParams.get('resource')).toBe(`${stack.serverUrl}/mcp`);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');

    // The server sent the browser to the dashboard's consent page, which wants a signed-in person first.
    const signIn = new URL(page.url());
    expect(signIn.pathname).toBe('/login');
    expect(signIn.searchParams.get('next')).toMatch(/^\/oauth\/consent\?id=/);
    await submitSignIn(page, OWNER, stack.password);
    expect(new URL(page.url()).pathname).toBe('/mfa/verify');
    await page.getByLabel('Code', { exact: true }).fill(await totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/consent');
    await page.getByRole('heading', { name: 'Connect an application' }).waitFor();
    expect(await page.locator('main').textContent()).toContain(SDK_CLIENT_NAME);
    expect(await page.getByTestId('redirect-uri').textContent()).toBe(callback);
    await screenshot(page, 'oauth-consent-sdk');

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${callback}?`));
    const code = new URL(page.url()).searchParams.get('code');
    expect(code).toBeTruthy();
    await transport.finishAuth(code!);
    expect(provider.saved?.access_token).toBeTruthy();
    expect(provider.saved?.refresh_token).toBeTruthy();
  });

  it('acts as the person: what it remembers, it recalls', async () => {
    const agent = await connectAgent(stack.serverUrl, provider);
    await toolText(agent, 'remember', { content: NOTE, scope: 'personal' });
    expect(await toolText(agent, 'recall', { query: 'when are releases shipped', scope: 'personal' })).toContain('Thursdays');
    await agent.close();
  });

  it('refreshes: the refresh token rotates and the new access token works', async () => {
    spent = provider.saved!;
    expect(await auth(provider, { serverUrl: mcpUrl() })).toBe('AUTHORIZED');
    expect(provider.saved?.refresh_token).toBeTruthy();
    expect(provider.saved?.refresh_token).not.toBe(spent.refresh_token);
    expect(provider.saved?.access_token).not.toBe(spent.access_token);
    const agent = await connectAgent(stack.serverUrl, provider);
    expect(await toolText(agent, 'recall', { query: 'Thursdays', scope: 'personal' })).toContain('Thursdays');
    await agent.close();
  });

  it('keeps working after the server restarts on the same data, port and PUBLIC_URL, and refreshes there', async () => {
    await stack.restartServer();
    let agent = await connectAgent(stack.serverUrl, provider);
    expect(await toolText(agent, 'recall', { query: 'when are releases shipped', scope: 'personal' })).toContain('Thursdays');
    await agent.close();

    // An access token the server refuses, as an expired one: the SDK refreshes on its own and retries.
    const before = provider.saved!;
    provider.saved = { ...before, access_token: 'expired-access-token' };
    agent = await connectAgent(stack.serverUrl, provider);
    expect(provider.saved.refresh_token).not.toBe(before.refresh_token);
    expect(provider.saved.access_token).not.toBe('expired-access-token');
    expect(await toolText(agent, 'recall', { query: 'Thursdays', scope: 'personal' })).toContain('Thursdays');
    await agent.close();
  });

  // Last: a replayed refresh token makes the authorization server end the whole grant.
  it('refuses a spent refresh token, and after that replay the current one too', async () => {
    const clientId = provider.client!.client_id;
    expect(await refreshStatus(stack.serverUrl, clientId, spent!.refresh_token!)).toEqual([400, 'invalid_grant']);
    expect(await refreshStatus(stack.serverUrl, clientId, provider.saved!.refresh_token!)).toEqual([400, 'invalid_grant']);
  });
});

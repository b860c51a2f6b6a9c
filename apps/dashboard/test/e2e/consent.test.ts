// OAuth consent end to end: a real authorization request through the server, the dashboard's screen, the client's answer.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility';
import { E2E_USERS, alerts, e2eStack, launchChromium, newPage, screenshot, submitSignIn } from './harness';
import { authorization, exchangeCode, mcpClient, registerClient, startLoopbackPages, type LoopbackPages } from './oauth-client';

const stack = e2eStack();

describe.skipIf(!stack?.passwords)('consent', () => {
  const s = stack!;
  let browser: Browser;
  let page: Page;
  let pages: LoopbackPages;
  let clientId = '';
  let callback = '';
  let other = '';
  let accessToken = '';
  beforeAll(async () => {
    browser = await launchChromium();
    page = await newPage(browser);
    pages = await startLoopbackPages();
    callback = `http://127.0.0.1:${pages.port}/callback`;
    other = `http://127.0.0.1:${pages.port}/other`;
    clientId = await registerClient(s.serverUrl, [callback, other]);
  });
  afterAll(async () => {
    await browser?.close();
    await pages?.close();
  });

  const landed = (target: string) => (url: URL) => url.href.startsWith(target);

  it('signs in on the way, shows who asks and where the browser returns, and Allow sends a code back', async () => {
    const auth = authorization(s.serverUrl, clientId, callback);
    await page.goto(auth.url);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toMatch(/^\/oauth\/consent\?id=/);
    await submitSignIn(page, E2E_USERS.consent, s.password);
    expect(new URL(page.url()).pathname).toBe('/oauth/consent');
    await page.getByRole('heading', { name: 'Connect an application' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('E2E agent');
    expect(await page.getByTestId('redirect-uri').textContent()).toBe(callback);
    expect(await page.getByRole('link', { name: 'https://agent.example' }).count()).toBe(1);
    await screenshot(page, 'oauth-consent');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(landed(callback));
    const answer = new URL(page.url()).searchParams;
    expect(answer.get('state')).toBe(auth.state);
    accessToken = await exchangeCode(s.serverUrl, clientId, auth, answer.get('code') ?? '');

    const agent = await mcpClient(s.serverUrl, accessToken);
    const remembered = await agent.callTool({ name: 'remember', arguments: { content: 'The e2e agent likes green tea.', scope: 'personal' } });
    expect(remembered.isError, JSON.stringify(remembered.content)).toBeFalsy();
    await agent.close();
  });

  it('shows the screen again for another return address of the same client, and Deny answers access_denied', async () => {
    const auth = authorization(s.serverUrl, clientId, other);
    await page.goto(auth.url);
    expect(await page.getByTestId('redirect-uri').textContent()).toBe(other);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(landed(other));
    const answer = new URL(page.url()).searchParams;
    expect(answer.get('error')).toBe('access_denied');
    expect(answer.get('code')).toBeNull();
  });

  it('skips the screen for an allowed client when the browser arrives on its own', async () => {
    const auth = authorization(s.serverUrl, clientId, callback);
    const consentStatuses: number[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/oauth/consent') consentStatuses.push(r.status());
    });
    await page.goto(auth.url);
    await page.waitForURL(landed(callback));
    expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
    expect(consentStatuses.length).toBeGreaterThan(0);
    for (const status of consentStatuses) expect(status).toBeGreaterThanOrEqual(300);
    page.removeAllListeners('response');
  });

  it('shows the screen for that same client when another site sent the browser', async () => {
    const auth = authorization(s.serverUrl, clientId, callback);
    await page.goto(`http://localhost:${pages.port}/start?to=${encodeURIComponent(auth.url)}`);
    await page.click('#go');
    await page.waitForURL((url) => url.pathname === '/oauth/consent');
    expect(await page.getByTestId('redirect-uri').textContent()).toBe(callback);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(landed(callback));
  });

  it('says so when the request is unknown, expired or already answered', async () => {
    await page.goto(`${s.dashboardUrl}/oauth/consent?id=no-such-request`);
    expect(await alerts(page).textContent()).toMatch(/expired, was already answered/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lists what the agent remembered, and forgets and restores it', async () => {
    await page.goto(`${s.dashboardUrl}/memories?q=green+tea`);
    const row = page.getByTestId('memory-row').filter({ hasText: 'green tea' });
    await row.waitFor();
    await screenshot(page, 'memories');
    await row.getByRole('button', { name: 'Forget' }).click();
    await page.getByText('The memory was forgotten.').waitFor();
    expect(await page.getByTestId('memory-row').filter({ hasText: 'green tea' }).count()).toBe(0);
    await page.getByLabel('State').selectOption('retired');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('memory-row').filter({ hasText: 'green tea' }).getByRole('button', { name: 'Restore' }).click();
    await page.getByText('The memory was restored.').waitFor();
  });

  it("refuses an agent's credential in the session cookie with 403, page loads included", async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'svc-session', value: accessToken, url: s.dashboardUrl }]);
    const agentPage = await context.newPage();
    const res = await agentPage.goto(`${s.dashboardUrl}/memories`);
    expect(res?.status()).toBe(403);
    expect(new URL(agentPage.url()).pathname).toBe('/memories');
    await context.close();
  });

  it('lists the connected agent once with its two sessions, and one Revoke stops them both', async () => {
    await page.goto(`${s.dashboardUrl}/settings`);
    // The Allow and the screenless allow each opened a session of the same client: one row, counted.
    const row = page.getByTestId('agents').getByRole('row').filter({ hasText: 'E2E agent' });
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getByRole('cell').nth(1).textContent()).toMatch(/^2latest/);
    await row.getByRole('button', { name: /^Revoke E2E agent/ }).click();
    await page.getByText('No agent is connected.').waitFor();
    await expect(mcpClient(s.serverUrl, accessToken)).rejects.toThrow();
  });
});

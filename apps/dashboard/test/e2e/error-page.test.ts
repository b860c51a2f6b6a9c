// The styled failure pages in Chromium when the memory server stops after a page loaded: app/error.tsx for a
// form sent as a server action, the "service unavailable" page for a plain form's post.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility';
import { connectAgent } from './agent';
import { e2eStack, launchChromium, newPage, screenshot, signIn, startOwnStack } from './harness';
import type { DedicatedStack } from './stack';

const EMAIL = 'error-page@example.com';

describe.skipIf(!e2eStack())('the error page', () => {
  let stack: DedicatedStack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startOwnStack([EMAIL]), launchChromium()]);
    const agent = await connectAgent(stack, EMAIL);
    await agent.tool('remember', { content: 'The invoices go out on the first.', scope: 'personal' });
    await agent.close();
    page = await newPage(browser);
    await signIn(page, stack, EMAIL);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows what happened, a retry and a way on when a form fails because the memory server went away', async () => {
    await page.goto(`${stack.dashboardUrl}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByLabel('Name of a new token').fill('made during an outage');
    // No test hook: the server really stops, and the dashboard's gate answers the form's post 503 in plain text.
    await stack.stopServer();
    await page.getByRole('button', { name: 'Make a token' }).click();

    await page.getByRole('heading', { level: 1, name: 'This page could not be shown' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).textContent()).toMatch(/try again in a\s+moment/);
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await page.locator('link[rel=stylesheet]').count()).toBeGreaterThan(0);
    expect(await page.locator('main.outage').evaluate((el) => getComputedStyle(el).borderStyle)).toBe('solid');
    await screenshot(page, 'error-page');
    expect(await seriousViolations(page)).toEqual([]);

    await stack.restartServer();
    await page.getByRole('link', { name: 'Go to your memories' }).click();
    await page.waitForURL((url) => url.pathname === '/memories');
    await page.getByRole('heading', { level: 1, name: 'Memories' }).waitFor();
  });

  it('answers a plain form posted while the server is away with the styled "service unavailable" page', async () => {
    await page.goto(`${stack.dashboardUrl}/memories`);
    await page.getByTestId('memory-row').getByRole('checkbox').check();
    await stack.stopServer();
    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === '/memories/bulk');
    await page.getByRole('button', { name: 'Forget', exact: true }).last().click();
    expect((await answer).status()).toBe(503);
    await page.getByRole('heading', { name: 'The memory service is unavailable' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'service-unavailable-form-post');
    await stack.restartServer();
  });
});

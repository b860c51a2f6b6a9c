// The styled error page (app/error.tsx) in Chromium: the memory server stops after a page loaded, and a form sent from it fails.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility';
import { e2eStack, launchChromium, newPage, screenshot, signIn, startOwnStack } from './harness';
import type { DedicatedStack } from './stack';

const EMAIL = 'error-page@example.com';

describe.skipIf(!e2eStack())('the error page', () => {
  let stack: DedicatedStack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startOwnStack([EMAIL]), launchChromium()]);
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
});

// What the browser tests share: the stack's addresses, Debian's Chromium, screenshots and signing in.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { APP_DIR, startDedicatedStack, type DedicatedStack, type StackInfo, type StackOptions } from './stack';

export { E2E_USERS } from './stack';

/** The running stack, or null when the run was asked for unit tests only (SVC_E2E=0). */
export function e2eStack(): StackInfo | null {
  return inject('e2e');
}

/** A stack for one test file; global setup has built the dashboard already. Close it in afterAll. */
export function startOwnStack(emails: string[], opts: StackOptions = {}): Promise<DedicatedStack> {
  return startDedicatedStack(emails, Promise.resolve(), opts);
}

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright gives each launch a fresh temporary profile (user-data dir) and removes it on close. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

/** A new context per test: no cookie or storage carries over from the one before. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  return context.newPage();
}

const SHOTS = join(APP_DIR, 'test-results', 'screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Fills the sign-in form on the current /login page and waits for the browser to leave it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

export async function signIn(page: Page, stack: StackInfo, email: string): Promise<void> {
  await page.goto(`${stack.dashboardUrl}/login`);
  await submitSignIn(page, email, stack.password);
}

/** The page's own messages; Next's route announcer is an alert too, outside <main>. */
export function alerts(page: Page) {
  return page.locator('main [role=alert]');
}

/** The path and query of the page the browser shows. */
export function where(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

export function expectPath(page: Page, path: string): void {
  expect(new URL(page.url()).pathname).toBe(path);
}

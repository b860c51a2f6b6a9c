// Deleting the account from settings: confirmed by the email, then the session and the account are gone.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_USERS, alerts, e2eStack, launchChromium, newPage, signIn, where } from './harness';

const stack = e2eStack();

describe.skipIf(!stack?.passwords)('delete account', () => {
  const s = stack!;
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it('asks for the email, deletes, signs the browser out, and the password no longer opens anything', async () => {
    const page = await newPage(browser);
    await signIn(page, s, E2E_USERS.deletion);
    await page.goto(`${s.dashboardUrl}/settings`);
    const confirm = page.getByLabel(/to confirm/);
    await confirm.fill('someone.else@example.com');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await alerts(page).waitFor();
    expect(await alerts(page).textContent()).toBe('That is not the email address of this account.');

    await confirm.fill(E2E_USERS.deletion);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(where(page)).toBe('/login?notice=deleted');
    expect((await page.context().cookies()).some((c) => c.name === 'svc-session')).toBe(false);

    await page.getByLabel('Email').fill(E2E_USERS.deletion);
    await page.getByLabel('Password').fill(s.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await alerts(page).filter({ hasText: 'Wrong email or password.' }).waitFor();
  });
});

// Second factor end to end: enrol in settings, the proxy holding an aal1 session at /mfa/verify, TOTP and recovery codes.
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { enrolTotp } from './account-api';
import { seriousViolations } from './accessibility';
import { E2E_USERS, alerts, e2eStack, launchChromium, newPage, screenshot, signIn, submitSignIn, where } from './harness';

const stack = e2eStack();

/** The code of the next 30-second step: the step used to confirm is spent, and one step of drift is allowed. */
function nextCode(secret: string): Promise<string> {
  return generate({ secret, algorithm: 'sha1', digits: 6, period: 30, epoch: Math.floor(Date.now() / 1000) + 30 });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Sign out/ }).first().click();
  await page.waitForURL((url) => url.pathname === '/login');
}

async function giveCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

describe.skipIf(!stack?.passwords)('second factor', () => {
  const s = stack!;
  let browser: Browser;
  let page: Page;
  let secret = '';
  let recovery: string[] = [];
  let spent = '';
  beforeAll(async () => {
    browser = await launchChromium();
    page = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.dashboardUrl });
  });
  const accessible = async () => expect(await seriousViolations(page), where(page)).toEqual([]);
  afterAll(async () => browser?.close());

  it('enrols: a QR code beside the secret, a code to confirm, ten recovery codes shown once, copied and downloaded', async () => {
    await signIn(page, s, E2E_USERS.mfa);
    await page.goto(`${s.dashboardUrl}/settings`);
    await page.getByRole('button', { name: 'Set up a second factor' }).click();
    secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.getByTestId('otpauth-uri').getAttribute('href')).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const qr = page.getByTestId('totp-qr');
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await accessible();
    await screenshot(page, 'settings-mfa-qr');
    await page.getByLabel('Code from the app').fill(await generate({ secret, algorithm: 'sha1', digits: 6, period: 30 }));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    recovery = await page.getByTestId('recovery-codes').locator('code').allTextContents();
    expect(recovery).toHaveLength(10);
    await screenshot(page, 'settings-recovery-codes');
    for (const code of recovery) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/i);
    await page.getByRole('button', { name: 'Copy the codes' }).click();
    await page.getByText('Copied.').waitFor();
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim().split('\n')).toEqual(recovery);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download as a text file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('memory-service-recovery-codes.txt');
    const saved = readFileSync((await download.path())!, 'utf8');
    for (const code of recovery) expect(saved).toContain(code);
    await accessible();
    await page.goto(`${s.dashboardUrl}/settings`);
    await page.getByRole('button', { name: 'Remove the second factor' }).waitFor();
  });

  it('sends the next password sign-in to /mfa/verify and refuses every other request 403 until the code', async () => {
    await signOut(page);
    await page.goto(`${s.dashboardUrl}/login?next=%2Frules`);
    await submitSignIn(page, E2E_USERS.mfa, s.password);
    expect(where(page)).toBe('/mfa/verify?next=%2Frules');
    await screenshot(page, 'mfa-verify');

    const statuses = await page.evaluate(async () => [
      (await fetch('/memories', { method: 'POST' })).status,
      (await fetch('/settings')).status,
      (await fetch('/oauth/consent/decision', { method: 'POST', body: new URLSearchParams({ id: 'x', decision: 'allow' }) })).status,
    ]);
    expect(statuses).toEqual([403, 403, 403]);
    await page.goto(`${s.dashboardUrl}/projects`);
    expect(where(page)).toBe('/mfa/verify?next=%2Fprojects');

    await giveCode(page, '000000');
    await alerts(page).waitFor();
    expect(await alerts(page).textContent()).toMatch(/did not work/);
    await screenshot(page, 'mfa-verify-error');

    spent = await nextCode(secret);
    await giveCode(page, spent);
    await page.waitForURL((url) => url.pathname === '/projects');
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
  });

  it('says a replayed code was already used, rather than wrong', async () => {
    await signOut(page);
    await signIn(page, s, E2E_USERS.mfa);
    await giveCode(page, spent);
    await alerts(page).waitFor();
    expect(await alerts(page).textContent()).toMatch(/already used\. Wait for your app to show the next one/);
    await accessible();
    await screenshot(page, 'mfa-verify-reused');
  });

  it('takes a recovery code once', async () => {
    expect(where(page)).toBe('/mfa/verify?next=%2Fmemories');
    await giveCode(page, recovery[0]!);
    await page.waitForURL((url) => url.pathname === '/memories');

    await signOut(page);
    await signIn(page, s, E2E_USERS.mfa);
    await giveCode(page, recovery[0]!);
    await alerts(page).waitFor();
    expect(where(page)).toBe('/mfa/verify?next=%2Fmemories');
    await giveCode(page, recovery[1]!);
    await page.waitForURL((url) => url.pathname === '/memories');
  });

  it('makes new recovery codes (the old stop working), and removing the factor ends the second step', async () => {
    await page.goto(`${s.dashboardUrl}/settings`);
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    const fresh = await page.getByTestId('recovery-codes').locator('code').allTextContents();
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recovery[2]);

    await signOut(page);
    await signIn(page, s, E2E_USERS.mfa);
    await giveCode(page, recovery[2]!);
    await alerts(page).waitFor();
    await giveCode(page, fresh[0]!);
    await page.waitForURL((url) => url.pathname === '/memories');

    await page.goto(`${s.dashboardUrl}/settings`);
    await page.getByRole('button', { name: 'Remove the second factor' }).click();
    await page.getByRole('button', { name: 'Set up a second factor' }).waitFor();
    await signOut(page);
    await signIn(page, s, E2E_USERS.mfa);
    expect(where(page)).toBe('/memories');
  });

  it('after ten wrong codes says the lock lasts 15 minutes, and a right code waits too', async () => {
    secret = await enrolTotp(s.serverUrl, E2E_USERS.mfa, s.password);
    await signOut(page);
    await signIn(page, s, E2E_USERS.mfa);
    for (let i = 0; i < 10; i += 1) {
      await giveCode(page, '000000');
      await expect.poll(() => alerts(page).textContent()).toMatch(/did not work/);
      // A fresh form each time, so the next alert is this attempt's.
      await page.reload();
    }
    await giveCode(page, await nextCode(secret));
    await expect.poll(() => alerts(page).textContent()).toBe('Too many attempts. Try again in 15 minutes.');
    await accessible();
    await screenshot(page, 'mfa-verify-locked');
  });
});

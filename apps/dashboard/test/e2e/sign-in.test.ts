// Password sign-in, the proxy's answers without a session, sign-out, the cookie guard and the disabled upload.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility';
import { E2E_USERS, alerts, e2eStack, launchChromium, newPage, screenshot, submitSignIn, where } from './harness';

const stack = e2eStack();

describe.skipIf(!stack)('sign-in', () => {
  const s = stack!;
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it('sends a page load without a session to /login, carrying where it was going', async () => {
    const page = await newPage(browser);
    await page.goto(`${s.dashboardUrl}/memories?q=tea`);
    expect(where(page)).toBe('/login?next=%2Fmemories%3Fq%3Dtea');
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'login');
  });

  it('answers a request that is not a page load 401, not a redirect', async () => {
    const page = await newPage(browser);
    await page.goto(`${s.dashboardUrl}/login`);
    const statuses = await page.evaluate(async () => [
      (await fetch('/memories', { method: 'POST' })).status,
      (await fetch('/settings')).status,
    ]);
    expect(statuses).toEqual([401, 401]);
  });

  it.skipIf(!s?.passwords)('shows an error for a wrong password and stays on the form', async () => {
    const page = await newPage(browser);
    await page.goto(`${s.dashboardUrl}/login`);
    await page.getByLabel('Email').fill(E2E_USERS.signIn);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await alerts(page).waitFor();
    expect(await alerts(page).textContent()).toBe('Wrong email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('Email').inputValue()).toBe(E2E_USERS.signIn);
    await screenshot(page, 'login-error');
  });

  it.skipIf(!s?.passwords)('signs in, keeps the token in an HttpOnly Lax cookie, returns to next, signs out', async () => {
    const page = await newPage(browser);
    await page.goto(`${s.dashboardUrl}/rules`);
    await submitSignIn(page, E2E_USERS.signIn, s.password);
    expect(where(page)).toBe('/rules');
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'svc-session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
    expect(cookie!.value).toMatch(/^svs_/);
    expect(await page.evaluate(() => document.cookie)).not.toContain('svs_');
    await page.getByRole('heading', { level: 1, name: 'Rules' }).waitFor();
    expect(await seriousViolations(page), '/rules').toEqual([]);
    await screenshot(page, 'rules');

    for (const [link, heading] of [
      ['Memories', 'Memories'],
      ['Projects', 'Projects'],
      ['Usage', /^Usage/],
      ['Settings', 'Settings'],
    ] as const) {
      await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await alerts(page).count()).toBe(0);
      expect(await seriousViolations(page), link).toEqual([]);
    }

    await page.getByRole('navigation').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await page.context().cookies()).some((c) => c.name === 'svc-session')).toBe(false);
    await page.goto(`${s.dashboardUrl}/memories`);
    expect(where(page)).toBe('/login?next=%2Fmemories');
  });

  it('treats a session the server does not know like none, and drops its cookie', async () => {
    const page = await newPage(browser);
    await page.context().addCookies([{ name: 'svc-session', value: `svs_${'A'.repeat(43)}`, url: s.dashboardUrl }]);
    await page.goto(`${s.dashboardUrl}/settings`);
    expect(where(page)).toBe('/login?next=%2Fsettings');
    expect((await page.context().cookies()).some((c) => c.name === 'svc-session')).toBe(false);
  });

  it('clears session cookies and reloads the same address once the cookies pass 8 KB', async () => {
    const page = await newPage(browser);
    const url = s.dashboardUrl;
    await page.context().addCookies([
      { name: 'svc-session', value: 'svs_stale', url },
      { name: 'svc-session.extra', value: 'x', url },
      // One cookie holds at most 4 KB; three of 3 KB pass the 8 KB limit together.
      ...[1, 2, 3].map((n) => ({ name: `bulk${n}`, value: 'b'.repeat(3000), url })),
    ]);
    const hops: string[] = [];
    page.on('response', (r) => {
      if (r.request().isNavigationRequest()) hops.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(`${url}/projects`);
    expect(hops.slice(0, 2)).toEqual(['302 /projects', '302 /projects']);
    expect(where(page)).toBe('/login?next=%2Fprojects');
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names.sort()).toEqual(['bulk1', 'bulk2', 'bulk3']);
  });

  it('refuses a sign-out form posted from another site', async () => {
    const page = await newPage(browser);
    const res = await page.request.post(`${s.dashboardUrl}/logout`, {
      headers: { origin: 'http://evil.example' },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
  });

  it('answers 404 "Uploads are disabled" to every method on /upload, signed in or not', async () => {
    const page = await newPage(browser);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const res = await page.request.fetch(`${s.dashboardUrl}/upload`, { method, maxRedirects: 0 });
      expect(res.status(), method).toBe(404);
      expect(await res.text()).toBe('Uploads are disabled');
    }
  });

  it('keeps /healthz open', async () => {
    const page = await newPage(browser);
    const res = await page.request.get(`${s.dashboardUrl}/healthz`);
    expect(res.status()).toBe(200);
  });
});

// First run end to end on an instance with no account: /setup makes the owner, tokens (the CLI's and the
// dashboard's), an agent listed once per client with a real last use, invitations, keyboard use,
// the styled error pages; axe-core finds no serious violation on any of them (sign-in included).
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility';
import { alerts, e2eStack, launchChromium, newPage, screenshot, startOwnStack, where } from './harness';
import { authorization, exchangeCode, mcpClient, registerClient, startLoopbackPages, type LoopbackPages } from './oauth-client';
import { freePort, start, stop, waitForHttp, type Running } from './processes';
import { APP_DIR, NEXT_BIN, type DedicatedStack } from './stack';

const OWNER = 'owner@example.com';
const PASSWORD = 'a long enough secret';

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page), where(page)).toEqual([]);
}

/** The password fields by their exact labels ("Password" is part of "Password again"). */
async function fillAccount(page: Page, email: string | null, password: string, again = password): Promise<void> {
  if (email !== null) await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password again', { exact: true }).fill(again);
}

function postMcp(serverUrl: string, token: string): Promise<Response> {
  return fetch(`${serverUrl}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}

describe.skipIf(!e2eStack())('first run, tokens, agents and invitations', () => {
  let stack: DedicatedStack;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    stack = await startOwnStack([]);
    browser = await launchChromium();
    page = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.dashboardUrl });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('sends the first visitor to /setup, which holds the CLI password rules and makes the owner, signed in', async () => {
    await page.goto(`${stack.dashboardUrl}/memories`);
    await page.waitForURL((url) => url.pathname === '/setup');
    await page.getByRole('heading', { name: 'Set up the memory service' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'setup');

    await fillAccount(page, OWNER, PASSWORD, 'something else entirely');
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await alerts(page).waitFor();
    expect(await alerts(page).textContent()).toMatch(/two passwords differ/);

    // The browser's own length check is a hint; the server's rule is what holds, and its words are shown.
    await page.evaluate(() => document.querySelectorAll('input[minlength]').forEach((i) => i.removeAttribute('minlength')));
    await fillAccount(page, null, 'too short');
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await expect.poll(() => alerts(page).textContent()).toMatch(/at least 10 characters/);
    await screenshot(page, 'setup-password-rule');

    await fillAccount(page, null, PASSWORD);
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByText('Your account is ready and you are signed in.').waitFor();
    await page.getByRole('heading', { name: 'Invite people' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'settings-owner');
  });

  it('sends a later visitor of /setup to sign in', async () => {
    const other = await newPage(browser);
    await other.goto(`${stack.dashboardUrl}/setup`);
    await other.waitForURL((url) => url.pathname === '/login');
    await other.getByText('This instance already has its owner.').waitFor();
    await expectAccessible(other);
    await other.goto(`${stack.dashboardUrl}/signup`);
    await other.getByText('Accounts here are by invitation.').waitFor();
    await expectAccessible(other);
    await other.context().close();
  });

  it('lists a token of `svc token create`, makes one shown once with a copy button, and revokes it', async () => {
    await stack.cli(['token', 'create', '--user', OWNER, '--name', 'cli laptop']);
    await page.goto(`${stack.dashboardUrl}/settings`);
    const tokens = page.getByTestId('tokens');
    await tokens.getByRole('cell', { name: 'cli laptop', exact: true }).waitFor();

    await page.getByLabel('Name of a new token').fill('browser made');
    await page.getByRole('button', { name: 'Make a token' }).click();
    const shown = page.getByTestId('new-token');
    await shown.waitFor();
    const token = (await shown.textContent()) ?? '';
    expect(token).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Copy the token' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectAccessible(page);
    await screenshot(page, 'settings-token-made');
    // Listed at once beside the CLI's, the secret only in the notice.
    await tokens.getByRole('cell', { name: 'browser made', exact: true }).waitFor();
    expect((await postMcp(stack.serverUrl, token)).status).toBe(200);

    await page.goto(`${stack.dashboardUrl}/settings`);
    expect(await page.content()).not.toContain(token);
    const row = tokens.getByRole('row').filter({ hasText: 'browser made' });
    expect(await row.getByRole('cell').nth(2).textContent()).not.toBe('never');
    await page.getByRole('button', { name: 'Revoke token browser made' }).click();
    await page.getByText('The token was revoked').waitFor();
    await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toBe('Revoked');
    expect((await postMcp(stack.serverUrl, token)).status).toBe(401);
  });

  it('lists a connected agent once per client, "never used" until its first call, and revokes all its sessions at once', async () => {
    const pages: LoopbackPages = await startLoopbackPages();
    try {
      const callback = `http://127.0.0.1:${pages.port}/callback`;
      /** Allows the client (the screen is skipped once it was allowed) and returns its access token. */
      const connect = async (clientId: string) => {
        const auth = authorization(stack.serverUrl, clientId, callback);
        await page.goto(auth.url);
        if (new URL(page.url()).pathname === '/oauth/consent') {
          await expectAccessible(page);
          await page.getByRole('button', { name: 'Allow' }).click();
        }
        await page.waitForURL((url) => url.href.startsWith(callback));
        return exchangeCode(stack.serverUrl, clientId, auth, new URL(page.url()).searchParams.get('code') ?? '');
      };
      const cells = async (row: Locator) => row.getByRole('cell').allTextContents();
      const first = await registerClient(stack.serverUrl, [callback]);
      const token = await connect(first);

      await page.goto(`${stack.dashboardUrl}/settings`);
      const rows = page.getByTestId('agents').getByRole('row').filter({ hasText: 'E2E agent' });
      await rows.first().waitFor();
      const [agent, sessions, lastUsed] = await cells(rows.first());
      expect(agent).toContain(`client ${first.slice(0, 8)}`);
      expect(agent).toContain(`returns to 127.0.0.1:${pages.port}`);
      expect(agent).toMatch(/registered \d+ \w+ \d{4}/);
      expect(sessions).toMatch(/^1latest .* UTC$/);
      // Connected is not used: the time appears with the first call through its token.
      expect(lastUsed).toBe('never used');
      const client = await mcpClient(stack.serverUrl, token);
      await client.listTools();
      await client.close();
      await page.reload();
      const used = (await cells(rows.first()))[2];
      expect(used).toMatch(/^\d+ \w+ \d{4}, \d\d:\d\d UTC$/);

      // Allowed again (a new session) it stays one row; another registration of the same name is a row of its own, told apart by its id.
      const again = await connect(first);
      const second = await registerClient(stack.serverUrl, [callback]);
      await connect(second);
      await page.goto(`${stack.dashboardUrl}/settings`);
      expect(await rows.count()).toBe(2);
      const mine = rows.filter({ hasText: `client ${first.slice(0, 8)}` });
      expect((await cells(mine))[1]).toMatch(/^2latest/);
      expect((await cells(mine))[2]).toBe(used);
      expect((await cells(rows.filter({ hasText: `client ${second.slice(0, 8)}` })))[2]).toBe('never used');
      await expectAccessible(page);
      await screenshot(page, 'settings-agents');

      await mine.getByRole('button', { name: /^Revoke E2E agent/ }).click();
      await page.getByText('The agent was disconnected.').waitFor();
      expect(await rows.count()).toBe(1);
      for (const ended of [token, again]) expect((await postMcp(stack.serverUrl, ended)).status).toBe(401);
    } finally {
      await pages.close();
    }
  });

  it('makes an invitation link shown once; the invitee signs up with it; the link is then spent', async () => {
    await page.goto(`${stack.dashboardUrl}/settings`);
    await page.getByLabel(/Email of the person/).fill('ada@example.com');
    await page.getByRole('button', { name: 'Make an invitation link' }).click();
    const shown = page.getByTestId('invitation-link');
    await shown.waitFor();
    const link = (await shown.textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${stack.dashboardUrl}/signup\\?invitation=svi_`));
    expect(await page.getByRole('status').filter({ hasText: 'Invitation made' }).textContent()).toMatch(/works once, until .* UTC/);
    await page.getByTestId('invitations').getByRole('cell', { name: 'ada@example.com', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Copy the link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(page, 'settings-invitation-made');

    const invitee = await newPage(browser);
    await invitee.goto(link);
    await invitee.getByText('You were invited to this memory service').waitFor();
    expect(await invitee.getByLabel('Email').inputValue()).toBe('ada@example.com');
    await expectAccessible(invitee);
    await screenshot(invitee, 'signup-invitation');
    await fillAccount(invitee, null, PASSWORD);
    await invitee.getByRole('button', { name: 'Create my account' }).click();
    await invitee.waitForURL((url) => url.pathname === '/settings');
    // Only the owner invites.
    expect(await invitee.getByRole('heading', { name: 'Invite people' }).count()).toBe(0);
    await invitee.context().close();

    const late = await newPage(browser);
    await late.goto(link);
    expect(await alerts(late).textContent()).toMatch(/expired, was already used or was withdrawn/);
    await late.context().close();

    await page.goto(`${stack.dashboardUrl}/settings`);
    expect(await page.getByTestId('invitations').getByRole('row').filter({ hasText: 'ada@example.com' }).textContent()).toMatch(/Used/);
  });

  it('starts keyboard use with a skip link into the page, and styles a missing page', async () => {
    await page.goto(`${stack.dashboardUrl}/settings`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);

    const missing = await page.goto(`${stack.dashboardUrl}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'This page does not exist' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'not-found');

    for (const icon of ['/icon.svg', '/favicon.ico', '/apple-icon.png', '/manifest.webmanifest']) {
      const res = await fetch(`${stack.dashboardUrl}${icon}`, { redirect: 'manual' });
      expect(res.status, icon).toBe(200);
    }
    expect(await page.locator('link[rel=icon]').count()).toBeGreaterThan(0);
  });
});

describe.skipIf(!e2eStack())('open sign-up (SIGNUP_OPEN=true)', () => {
  let stack: DedicatedStack;
  let browser: Browser;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startOwnStack(['first@example.com'], { serverEnv: { SIGNUP_OPEN: 'true' } }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('offers sign-up from the sign-in page and makes an account without an invitation, by the same rules', async () => {
    const page = await newPage(browser);
    await page.goto(`${stack.dashboardUrl}/login`);
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    await expectAccessible(page);
    await screenshot(page, 'signup-open');
    await page.evaluate(() => document.querySelectorAll('input[minlength]').forEach((i) => i.removeAttribute('minlength')));
    await fillAccount(page, 'walk-in@example.com', 'short');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect.poll(() => alerts(page).textContent()).toMatch(/at least 10 characters/);
    await fillAccount(page, null, PASSWORD);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    // Not the owner: the first account is.
    expect(await page.getByRole('heading', { name: 'Invite people' }).count()).toBe(0);
  });

  it('says a password lockout lasts 15 minutes, not a minute', async () => {
    const page = await newPage(browser);
    await page.goto(`${stack.dashboardUrl}/login`);
    for (let i = 0; i < 10; i += 1) {
      await page.getByLabel('Email').fill('first@example.com');
      await page.getByLabel('Password').fill(`wrong password ${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => alerts(page).textContent()).toBe('Wrong email or password.');
      await page.reload();
    }
    await page.getByLabel('Email').fill('first@example.com');
    await page.getByLabel('Password').fill(stack.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => alerts(page).textContent()).toBe('Too many attempts. Try again in 15 minutes.');
    await expectAccessible(page);
    await screenshot(page, 'login-locked');
  });
});

describe.skipIf(!e2eStack())('the memory server unreachable', () => {
  let dashboard: Running | undefined;
  let browser: Browser;
  let url = '';
  beforeAll(async () => {
    // The built dashboard alone, pointed at a port where nothing listens.
    const [port, nowhere] = [await freePort(), await freePort()];
    url = `http://127.0.0.1:${port}`;
    dashboard = start(process.execPath, [NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(port), '--keepAliveTimeout', '65000'], {
      cwd: APP_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        MCP_SERVER_URL: `http://127.0.0.1:${nowhere}`,
        DASHBOARD_URL: url,
      },
    });
    await waitForHttp(`${url}/healthz`, dashboard, (status) => status === 503);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await stop(dashboard);
  });

  it('shows a styled "service unavailable" page to browsers and plain text to scripts', async () => {
    const page = await newPage(browser);
    await page.context().addCookies([{ name: 'svc-session', value: `svs_${'a'.repeat(43)}`, url }]);
    const res = await page.goto(`${url}/settings`);
    expect(res?.status()).toBe(503);
    expect(res?.headers()['retry-after']).toBe('5');
    await page.getByRole('heading', { name: 'The memory service is unavailable' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'service-unavailable');
    const scripted = await fetch(`${url}/settings`, { headers: { cookie: `svc-session=svs_${'a'.repeat(43)}` } });
    expect(scripted.headers.get('content-type')).toMatch(/^text\/plain/);
  });
});

// The dashboard and the server behind the shipped nginx edge, in Chromium: sign-in, OAuth consent and an MCP session through it.
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx, startEdge, type Edge } from './edge';
import {
  e2eStack,
  launchChromium,
  newPage,
  screenshot,
  startOwnStack,
  submitSignIn,
  where,
} from './harness';
import { startLoopbackPages, type LoopbackPages } from './oauth-client';
import { freePort } from './processes';
import {
  BrowserOAuthProvider,
  connectAgent,
  sdkClient,
  sdkTransport,
  toolText,
} from './sdk-oauth-provider';
import type { DedicatedStack } from './stack';

const OWNER = 'edge-owner@example.com';
const SECRET = 'e2e-edge-secret-0123456789abcdefghijkl';
const EDGE_ENV = { EDGE_SHARED_SECRET: SECRET, TRUSTED_CLIENT_IP_HEADER: 'X-Real-IP' };
const nginx = findNginx();

describe('the edge in the browser tests', () => {
  it('has nginx where CI runs them (.ci/run installs it)', () => {
    if (process.env.CI === 'true' && e2eStack())
      expect(nginx, 'nginx is not installed').not.toBeNull();
  });
});

describe.skipIf(!e2eStack()?.passwords || !nginx)(
  'the dashboard and the server behind the edge',
  () => {
    let stack: DedicatedStack;
    let edge: Edge;
    let browser: Browser;
    let page: Page;
    let pages: LoopbackPages;
    beforeAll(async () => {
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      [stack, browser, pages] = await Promise.all([
        startOwnStack([OWNER], { publicUrl, serverEnv: EDGE_ENV }),
        launchChromium(),
        startLoopbackPages(),
      ]);
      edge = await startEdge(
        port,
        new URL(stack.serverUrl).host,
        new URL(stack.dashboardUrl).host,
        EDGE_ENV,
      );
      page = await newPage(browser);
    });
    afterAll(async () => {
      await browser?.close();
      await pages?.close();
      await edge?.close();
      await stack?.close();
    });

    it('refuses a direct call to the server; the same through the edge is served', async () => {
      expect(
        (await fetch(`${stack.serverUrl}/.well-known/oauth-authorization-server`)).status,
      ).toBe(403);
      expect((await fetch(`${edge.url}/.well-known/oauth-authorization-server`)).status).toBe(200);
    });

    it('signs a person in through the edge: pages from the dashboard, the account API from the server', async () => {
      await page.goto(`${edge.url}/memories`);
      expect(where(page)).toBe('/login?next=%2Fmemories');
      expect(new URL(page.url()).origin).toBe(edge.url);
      await submitSignIn(page, OWNER, stack.password);
      expect(where(page)).toBe('/memories');
      await screenshot(page, 'edge-signed-in');
    });

    it('connects an agent with OAuth through the edge: consent in the dashboard, tools on the server', async () => {
      const callback = `http://127.0.0.1:${pages.port}/callback`;
      const provider = new BrowserOAuthProvider(callback, async (url) => {
        await page.goto(url.href);
      });
      const transport = sdkTransport(edge.url, provider);
      await expect(sdkClient().connect(transport)).rejects.toThrow(UnauthorizedError);
      expect(provider.authorizationUrl?.origin).toBe(edge.url);
      // Signed in already: the edge sends /oauth/consent to the dashboard, which asks to allow.
      await page.waitForURL((url) => url.pathname === '/oauth/consent');
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL((url) => url.href.startsWith(`${callback}?`));
      await transport.finishAuth(new URL(page.url()).searchParams.get('code')!);
      const agent = await connectAgent(edge.url, provider);
      await toolText(agent, 'remember', {
        content: 'The edge test ships on Fridays.',
        scope: 'personal',
      });
      expect(
        await toolText(agent, 'recall', {
          query: 'when does the edge test ship',
          scope: 'personal',
        }),
      ).toContain('Fridays');
      await agent.close();
    });
  },
);

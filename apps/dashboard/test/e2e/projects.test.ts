// Projects in Chromium: the list with counts, a project's page, inviting an account and a newcomer by link,
// changing a role, removing, leaving, renaming; the rules on shared memories through what the page did; axe-core.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility';
import { passwordSession } from './account-api';
import { alerts, e2eStack, launchChromium, newPage, screenshot, signIn, startOwnStack, submitSignIn, where } from './harness';
import type { DedicatedStack } from './stack';

const OWNER = 'proj-owner@example.com';
const WRITER = 'proj-writer@example.com';
const READER = 'proj-reader@example.com';
const NEWCOMER = 'proj-newcomer@example.com';

async function json<T>(url: string, method: string, token: string | undefined, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** An agent of `email`: an API token made through the account API, and the MCP SDK client over it. */
async function agentOf(stack: DedicatedStack, email: string): Promise<Client> {
  const { token } = await passwordSession(stack.serverUrl, email, stack.password);
  const made = await json<{ token: string }>(`${stack.serverUrl}/account/tokens`, 'POST', token, { name: 'e2e agent' });
  const client = new Client({ name: 'projects-e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${stack.serverUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${made.body.token}` } },
    }),
  );
  return client;
}

async function tool(client: Client, name: string, args: Record<string, unknown>) {
  const res = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { text: string }[]; structuredContent?: unknown };
  if (res.isError) return { error: (JSON.parse(res.content[0]!.text) as { error: { code: string } }).error };
  return { ok: res.structuredContent as Record<string, unknown> };
}

describe.skipIf(!e2eStack()?.passwords)('projects and sharing in Chromium', () => {
  let stack: DedicatedStack;
  let browser: Browser;
  const agents: Record<string, Client> = {};
  let projectId = '';
  let sharedMemory = '';

  beforeAll(async () => {
    // Open sign-up: the newcomer makes their own account after the invitation, as a person would.
    [stack, browser] = await Promise.all([startOwnStack([OWNER, WRITER, READER], { serverEnv: { SIGNUP_OPEN: 'true' } }), launchChromium()]);
    for (const email of [OWNER, WRITER, READER]) agents[email] = await agentOf(stack, email);
    const first = await tool(agents[OWNER]!, 'remember', { content: 'Invoices go out on the first of the month.', project_hint: '/srv/repos/billing' });
    expect(first.error).toBeUndefined();
    const memory = (first.ok as { memory: { id: string; scope: string } }).memory;
    sharedMemory = memory.id;
    projectId = memory.scope.slice('project:'.length);
    await tool(agents[OWNER]!, 'card', { action: 'create', scope: memory.scope, title: 'Send the invoices', type: 'task', no_links: 'first card' });
  });
  afterAll(async () => {
    for (const client of Object.values(agents)) await client.close();
    await browser?.close();
    await stack?.close();
  });

  it('lists the project with its counts and links to its page and board; no serious axe finding', async () => {
    const page = await newPage(browser);
    await signIn(page, stack, OWNER);
    await page.goto(`${stack.dashboardUrl}/projects`);
    const row = page.getByTestId('project-row').filter({ hasText: 'billing' });
    await expect(row.textContent()).resolves.toMatch(/billing.*owner.*1.*1.*1 \/ 1/s);
    expect(await row.getByRole('link', { name: 'Board of billing' }).getAttribute('href')).toBe(`/boards/${projectId}`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'projects-list');
    await row.getByRole('link', { name: 'billing', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'billing' }).waitFor();
    expect(where(page)).toBe(`/projects/${projectId}`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'project-page-owner');
  });

  it('invites an account by email as writer and another as reader; they act by their roles', async () => {
    const page = await newPage(browser);
    await signIn(page, stack, OWNER);
    await page.goto(`${stack.dashboardUrl}/projects/${projectId}`);
    for (const [email, role] of [[WRITER, 'writer'], [READER, 'reader']] as const) {
      const form = page.locator('form', { has: page.getByRole('button', { name: 'Invite' }) });
      await form.getByLabel('Email address').fill(email);
      await form.getByLabel('Role', { exact: true }).selectOption(role);
      await form.getByRole('button', { name: 'Invite' }).click();
      await page.getByRole('status').filter({ hasText: `${email} was added as ${role}.` }).waitFor();
    }
    await page.reload();
    const members = page.getByTestId('member-row');
    await expect(members.count()).resolves.toBe(3);
    await screenshot(page, 'project-members');

    // Writer: writes into the project and retires the owner's memory; reader: neither.
    const hint = { project_hint: 'billing' };
    expect((await tool(agents[WRITER]!, 'remember', { content: 'Refunds need a second approver.', ...hint })).error).toBeUndefined();
    expect((await tool(agents[READER]!, 'remember', { content: 'Readers write nothing.', ...hint })).error?.code).toBe('forbidden');
    expect((await tool(agents[READER]!, 'forget', { ids: [sharedMemory] })).ok).toEqual({ retired: [], skipped: [{ id: sharedMemory, reason: 'forbidden' }] });
    expect((await tool(agents[WRITER]!, 'forget', { ids: [sharedMemory] })).ok).toEqual({ retired: [sharedMemory], skipped: [] });
  });

  it('shows a reader the members without the owner controls, and lets them leave', async () => {
    const page = await newPage(browser);
    await signIn(page, stack, READER);
    await page.goto(`${stack.dashboardUrl}/projects/${projectId}`);
    await expect(page.getByRole('heading', { name: 'Invite someone' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Change role/ }).count()).resolves.toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'project-page-reader');
    await page.getByRole('button', { name: 'Leave project' }).click();
    await page.waitForURL((url) => url.pathname === '/projects');
    await page.getByRole('status').filter({ hasText: 'You left the project.' }).waitFor();
    await expect(page.getByTestId('project-row').count()).resolves.toBe(0);
    const search = await tool(agents[READER]!, 'search_memories', { query: 'refunds' });
    expect((search.ok as { memories: unknown[] }).memories).toEqual([]);
  });

  it('changes the writer to reader and then removes them; the last owner cannot step down', async () => {
    const page = await newPage(browser);
    await signIn(page, stack, OWNER);
    await page.goto(`${stack.dashboardUrl}/projects/${projectId}`);
    await page.getByLabel(`Role of ${WRITER}`, { exact: true }).selectOption('reader');
    await page.getByRole('button', { name: `Change role of ${WRITER}` }).click();
    await page.getByRole('status').filter({ hasText: 'The role was changed.' }).waitFor();
    expect((await tool(agents[WRITER]!, 'remember', { content: 'Now a reader.', project_hint: 'billing' })).error?.code).toBe('forbidden');

    await page.getByLabel(`Role of ${OWNER}`, { exact: true }).selectOption('writer');
    await page.getByRole('button', { name: `Change role of ${OWNER}` }).click();
    await alerts(page).filter({ hasText: 'A project keeps at least one owner' }).waitFor();
    await page.goto(`${stack.dashboardUrl}/projects/${projectId}`);
    await page.getByRole('button', { name: 'Leave project' }).click();
    await page.waitForURL((url) => url.search === '?problem=last_owner');
    await alerts(page).filter({ hasText: 'A project keeps at least one owner' }).waitFor();
    await screenshot(page, 'project-last-owner');

    await page.getByRole('button', { name: `Remove ${WRITER}` }).click();
    await page.getByRole('status').filter({ hasText: 'The member was removed.' }).waitFor();
    await expect(page.getByTestId('member-row').count()).resolves.toBe(1);
    expect((await tool(agents[WRITER]!, 'remember', { content: 'Gone.', project_hint: 'billing' })).error?.code).toBe('validation_failed');
  });

  it('renames the project and gives it an alias an agent can name it by', async () => {
    const page = await newPage(browser);
    await signIn(page, stack, OWNER);
    await page.goto(`${stack.dashboardUrl}/projects/${projectId}`);
    await page.getByLabel('Name', { exact: true }).fill('Billing Service');
    await page.getByLabel(/^Aliases/).fill('invoices, payments');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Billing Service' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const hinted = await tool(agents[OWNER]!, 'remember', { content: 'Payments settle in two days.', project_hint: 'payments' });
    expect((hinted.ok as { memory: { scope: string } }).memory.scope).toBe(`project:${projectId}`);
  });

  it('gives a link once for someone without an account; after they sign up and sign in, the link makes them a member', async () => {
    const page = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.dashboardUrl });
    await signIn(page, stack, OWNER);
    await page.goto(`${stack.dashboardUrl}/projects/${projectId}`);
    await page.getByLabel('Email address').fill(NEWCOMER);
    await page.getByLabel('Role', { exact: true }).selectOption('writer');
    await page.getByRole('button', { name: 'Invite' }).click();
    const shown = page.getByTestId('invitation-link');
    await shown.waitFor();
    const link = (await shown.locator('code').textContent())!;
    expect(link).toMatch(new RegExp(`^${stack.dashboardUrl}/projects/join\\?code=svp_[A-Za-z0-9_-]{43}$`));
    await shown.getByRole('button', { name: 'Copy link' }).click();
    await shown.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'project-invitation-link');
    // Shown once: after a reload the invitation is listed, its link is not.
    await page.reload();
    await expect(page.getByTestId('invitations').textContent()).resolves.toContain(NEWCOMER);
    expect(await page.content()).not.toContain(link.split('code=')[1]!);

    const signedUp = await json(`${stack.serverUrl}/account/signup`, 'POST', undefined, { email: NEWCOMER, password: stack.password });
    expect(signedUp.status).toBe(201);
    const invitee = await newPage(browser);
    await invitee.goto(link);
    expect(where(invitee)).toMatch(/^\/login\?next=%2Fprojects%2Fjoin%3Fcode%3Dsvp_/);
    await submitSignIn(invitee, NEWCOMER, stack.password);
    expect(where(invitee)).toBe(new URL(link).pathname + new URL(link).search);
    await invitee.getByText('You are invited to Billing Service as a writer.').waitFor();
    expect(await seriousViolations(invitee)).toEqual([]);
    await screenshot(invitee, 'project-join');
    await invitee.getByRole('button', { name: 'Join Billing Service' }).click();
    await invitee.waitForURL((url) => url.pathname === `/projects/${projectId}`);
    await invitee.getByRole('status').filter({ hasText: 'you are now a member' }).waitFor();
    await screenshot(invitee, 'project-joined');

    // The link is spent: opening it again says so.
    await invitee.goto(link);
    await alerts(invitee).filter({ hasText: 'unknown, already used, revoked or expired' }).waitFor();
  });

  it('refuses the link to an account it was not sent to', async () => {
    const page = await newPage(browser);
    await signIn(page, stack, OWNER);
    await page.goto(`${stack.dashboardUrl}/projects/${projectId}`);
    await page.getByLabel('Email address').fill('someone-else@example.com');
    await page.getByRole('button', { name: 'Invite' }).click();
    const link = (await page.getByTestId('invitation-link').locator('code').textContent())!;
    const other = await newPage(browser);
    await signIn(other, stack, WRITER);
    await other.goto(link);
    await alerts(other).filter({ hasText: 'This invitation is for someone-else@example.com' }).waitFor();
    await expect(other.getByRole('button', { name: /^Join/ }).count()).resolves.toBe(0);
  });
});

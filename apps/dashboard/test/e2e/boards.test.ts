// The boards pages in Chromium: the list in the navigation, a column per state with counts, a card with its details and log, a move refused with its reason then made; axe on each page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility';
import { connectAgent, type Agent } from './agent';
import { e2eStack, launchChromium, newPage, screenshot, signIn, startOwnStack } from './harness';
import type { DedicatedStack } from './stack';

const EMAIL = 'boards@example.com';

interface Made {
  card: { label: string };
}

describe.skipIf(!e2eStack())('boards pages', () => {
  let stack: DedicatedStack;
  let agent: Agent;
  let browser: Browser;
  let page: Page;
  let projectId = '';
  const label: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startOwnStack([EMAIL]);
    agent = await connectAgent(stack, EMAIL);
    const saved = await agent.tool<{ session: { thread: string; attached_project: { id: string } } }>('remember', {
      content: 'The billing service retries webhooks.',
      project_hint: '/home/ada/src/billing',
    });
    const thread = saved.session.thread;
    projectId = saved.session.attached_project.id;
    const card = (args: Record<string, unknown>) => agent.tool<Made>('card', { thread, ...args });
    label.retry = (await card({ action: 'create', title: 'Retry webhooks', body: 'Retries back off exponentially.', type: 'bug', no_links: 'the first card' })).card.label;
    label.runbook = (await card({ action: 'create', title: 'Write the runbook', type: 'task', no_links: 'stands alone' })).card.label;
    label.queue = (
      await card({
        action: 'create',
        title: 'Move the queue to pg-boss',
        type: 'story',
        state: 'active',
        links: [{ card: label.retry, relation: 'blocks', reason: 'retries need the queue' }],
        branch: { repo: 'github.com/acme/billing', name: 'feat/pg-boss-queue' },
      })
    ).card.label;
    await card({ action: 'move', card: label.runbook, state: 'done' });
    await agent.tool('card_log', { card: label.retry, note: 'Found the cause in the dispatcher.', thread });
    browser = await launchChromium();
    page = await newPage(browser);
    await signIn(page, stack, EMAIL);
  });
  afterAll(async () => {
    await browser?.close();
    await agent?.close();
    await stack?.close();
  });

  it('lists the boards from the navigation, with the count of each state', async () => {
    await page.goto(`${stack.dashboardUrl}/memories`);
    await page.getByRole('navigation').getByRole('link', { name: 'Boards', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor();
    const row = page.getByRole('row', { name: /billing/ });
    expect((await row.getByRole('cell').allTextContents()).slice(0, 6)).toEqual(['billing', '1', '1', '0', '1', '0']);
    await screenshot(page, 'boards');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a column per state with its count, cards labelled SVC-N', async () => {
    await page.getByRole('link', { name: 'billing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Board: billing' }).waitFor();
    for (const [state, count] of [
      ['backlog', 1],
      ['active', 1],
      ['review', 0],
      ['done', 1],
      ['dropped', 0],
    ] as const) {
      const column = page.getByTestId(`column-${state}`);
      expect(await column.getByRole('heading').textContent()).toBe(`${state} ${count}`);
      expect(await column.getByTestId('card').count(), state).toBe(count);
    }
    expect(await page.getByTestId('column-active').textContent()).toContain(`${label.queue} Move the queue to pg-boss`);
    await screenshot(page, 'board');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a card with its label, type, body, relations, branch and log', async () => {
    await page.goto(`${stack.dashboardUrl}/boards/${projectId}/cards/${label.queue}`);
    expect(await page.getByTestId('card-label').textContent()).toBe(label.queue);
    expect(await page.getByTestId('card-state').textContent()).toBe('active');
    await page.getByText(`blocks ${label.retry}: retries need the queue`).waitFor();
    await page.getByText('feat/pg-boss-queue').waitFor();

    await page.goto(`${stack.dashboardUrl}/boards/${projectId}/cards/${label.retry}`);
    await page.getByRole('heading', { level: 1, name: `${label.retry}: Retry webhooks` }).waitFor();
    await page.getByText('Retries back off exponentially.').waitFor();
    expect(await page.getByTestId('card-log').textContent()).toContain('Found the cause in the dispatcher.');
    await screenshot(page, 'card');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("moves a card by the card tool's rules, showing the refusal's reason first", async () => {
    await page.goto(`${stack.dashboardUrl}/boards/${projectId}/cards/${label.retry}`);
    await page.getByLabel('Move to').selectOption('active');
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    const refusal = page.getByTestId('move-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^branch_required/);
    expect(await page.getByTestId('card-state').textContent()).toBe('backlog');
    await screenshot(page, 'card-move-refused');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByText('Statements a move may need').click();
    await page.getByLabel('Why no branch is needed').fill('a configuration change only');
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('Moved to active.').waitFor();
    expect(await page.getByTestId('card-state').textContent()).toBe('active');
    await page.getByText('No branch needed: a configuration change only').waitFor();
  });
});

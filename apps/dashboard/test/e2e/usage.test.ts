// The usage page in Chromium: a chart per tool over the days, totals, and the health of jobs, backups, alarms and the language model; axe on the page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility';
import { connectAgent, type Agent } from './agent';
import { e2eStack, launchChromium, newPage, screenshot, signIn, startOwnStack } from './harness';
import type { DedicatedStack } from './stack';

const EMAIL = 'usage@example.com';
/** A second account: not the instance's owner, and no calls of its own. */
const OTHER = 'usage-second@example.com';

describe.skipIf(!e2eStack())('usage page', () => {
  let stack: DedicatedStack;
  let agent: Agent;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startOwnStack([EMAIL, OTHER]);
    agent = await connectAgent(stack, EMAIL);
    for (const content of ['The build uses pnpm.', 'The linter is ESLint 9.', 'Tests run in vitest.']) {
      await agent.tool('remember', { content, scope: 'personal' });
    }
    await agent.tool('recall', { query: 'build tool' });
    await agent.tool('recall', { query: 'linter' });
    await expect(agent.tool('remember', { content: 'No target for this one.' })).rejects.toThrow(/validation_failed/);
    browser = await launchChromium();
    page = await newPage(browser);
    await signIn(page, stack, EMAIL);
  });
  afterAll(async () => {
    await browser?.close();
    await agent?.close();
    await stack?.close();
  });

  /** The ledger is written in batches and the after-deploy backup runs on the queue: reload until both show. */
  async function openWhenCounted(): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      await page.goto(`${stack.dashboardUrl}/usage`);
      const total = await page.getByTestId('usage-total').textContent();
      const backup = await page.getByTestId('latest-backup').textContent();
      if (total?.startsWith('6 tool calls') && backup?.startsWith('Latest')) return;
      if (Date.now() > deadline) throw new Error(`usage page never caught up: "${total}", "${backup}"`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  it('charts the calls per tool per day over 30 days, with totals', async () => {
    await openWhenCounted();
    await page.getByRole('heading', { level: 1, name: 'Usage, last 30 days' }).waitFor();
    expect(await page.getByTestId('usage-total').textContent()).toBe('6 tool calls, 1 of them failed.');
    const chart = page.getByTestId('usage-chart');
    const lines = chart.locator('polyline');
    expect(await lines.evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')))).toEqual(['remember', 'recall']);
    // Thirty points per line, the last (today) highest: every call was made today.
    const points = (await lines.first().getAttribute('points'))!.split(' ');
    expect(points).toHaveLength(30);
    const ys = points.map((p) => Number(p.split(',')[1]));
    expect(Math.min(...ys)).toBe(ys.at(-1));
    expect(await chart.locator('desc').textContent()).toContain('remember: 4; recall: 2');
    expect(await page.getByRole('row', { name: /remember/ }).getByRole('cell').allTextContents()).toEqual(['remember', '4', '1']);
    // The folded table by day lists only the day with calls, not thirty rows of zeros.
    const byDay = page.locator('details').filter({ hasText: 'By day' });
    await byDay.locator('summary').click();
    const days = byDay.locator('tbody tr');
    expect(await days.count()).toBe(1);
    expect(await days.first().locator('td').allTextContents()).toEqual([new Date().toISOString().slice(0, 10), '6', '1']);
  });

  it('shows the jobs, the latest backup, the alarms, and that no language model is configured', async () => {
    expect(await page.getByTestId('language-model').textContent()).toBe('Off: LLM_BASE_URL is not set.');
    expect(await page.getByTestId('latest-backup').textContent()).toMatch(/^Latest less than an hour ago \(.+, deploy\), 1 kept\.$/);
    expect(await page.getByTestId('alarms').textContent()).toBe('No open alarm.');
    const jobs = page.getByTestId('jobs');
    expect(await jobs.getByRole('row', { name: /usage-upkeep/ }).getByRole('cell').nth(1).textContent()).toBe('10 0 * * *');
    await screenshot(page, 'usage');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a second account its own empty usage, and jobs, backups and alarms only to the owner', async () => {
    const second = await newPage(browser);
    await signIn(second, stack, OTHER);
    await second.goto(`${stack.dashboardUrl}/usage`);
    expect(await second.getByTestId('usage-total').textContent()).toBe('0 tool calls, 0 of them failed.');
    await second.locator('details summary').filter({ hasText: 'By day' }).click();
    expect(await second.getByTestId('no-calls').textContent()).toBe('No tool was called in these 30 days.');
    expect(await second.getByTestId('operator-only').textContent()).toBe('Shown to the owner of this instance.');
    for (const owners of ['jobs', 'latest-backup', 'alarms']) expect(await second.getByTestId(owners).count(), owners).toBe(0);
    await screenshot(second, 'usage-second-account');
    expect(await seriousViolations(second)).toEqual([]);
    await second.context().close();
  });
});

// The memories pages in Chromium: search that filters, the filters, a memory with its original and versions, conflicts settled, bulk actions; axe on each page.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordSession } from './account-api';
import { seriousViolations } from './accessibility';
import { connectAgent, type Agent } from './agent';
import { startFakeModel, type FakeModel } from './fake-language-model';
import { alerts, e2eStack, launchChromium, newPage, screenshot, signIn, startOwnStack } from './harness';
import type { DedicatedStack } from './stack';

const EMAIL = 'memories@example.com';
const GERMAN = 'Wir deployen nie am Freitag, weil das Wochenende sonst leidet.';
const ENGLISH = 'We never deploy on Friday, because the weekend suffers otherwise.';

interface Saved {
  memory: { id: string };
}

/** Polls the account API (as the dashboard reads it) until `ready` holds: background work (translation, hygiene) is queued. */
async function eventually<T>(read: () => Promise<T>, ready: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    // Slow enough to leave the person's per-minute allowance of dashboard requests for the pages.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

describe.skipIf(!e2eStack())('memories pages', () => {
  let model: FakeModel;
  let stack: DedicatedStack;
  let agent: Agent;
  let browser: Browser;
  let page: Page;
  const id: Record<string, string> = {};

  const remember = async (name: string, args: Record<string, unknown>) => {
    id[name] = (await agent.tool<Saved>('remember', { on_duplicate: 'store_anyway', ...args })).memory.id;
  };

  beforeAll(async () => {
    model = await startFakeModel({ [GERMAN]: ENGLISH });
    stack = await startOwnStack([EMAIL], { serverEnv: { LLM_BASE_URL: model.url, LLM_MODEL: 'fake-model' } });
    agent = await connectAgent(stack, EMAIL);
    await remember('tea', { content: 'Ada drinks green tea without sugar.', scope: 'personal', kind: 'preference' });
    await remember('pipeline', { content: 'The deploy pipeline runs on Fridays.', project_hint: '/home/ada/src/billing', kind: 'fact' });
    await remember('german', { content: GERMAN, scope: 'personal' });
    await remember('old', { content: 'The staging database is on port 5433.', scope: 'personal' });
    await remember('new', { content: 'The staging database moved to port 6543.', scope: 'personal', supersedes: [id.old] });
    await remember('loop', { content: 'Ask the vendor about the invoice export.', scope: 'personal', loop: true });
    await remember('dupA', { content: 'The office closes at six on Fridays.', scope: 'personal' });
    await remember('dupB', { content: 'The office closes at six on Friday.', scope: 'personal' });
    await agent.tool('scan_hygiene', { checks: ['duplicates'] });

    const { token } = await passwordSession(stack.serverUrl, EMAIL, stack.password);
    const read = async (memoryId: string) =>
      (await (await fetch(`${stack.serverUrl}/account/memories/${memoryId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        memory: { content: string };
        conflicts: unknown[];
      };
    await eventually(() => read(id.german!), (d) => d.memory.content === ENGLISH, 'the translation');
    await eventually(() => read(id.dupA!), (d) => d.conflicts.length > 0, 'the duplicate to be recorded');
    browser = await launchChromium();
    page = await newPage(browser);
    page.on('pageerror', (e) => console.error(`pageerror on ${page.url()}: ${e.message}`));
    await signIn(page, stack, EMAIL);
  });
  afterAll(async () => {
    await browser?.close();
    await agent?.close();
    await stack?.close();
    await model?.close();
  });

  const rows = () => page.getByTestId('memory-row');
  const search = async (query: string) => {
    const res = await page.goto(`${stack.dashboardUrl}/memories${query}`);
    // A page that did not render says why in the failure, not only that a heading is missing.
    if (res?.status() !== 200) throw new Error(`/memories${query} answered ${res?.status()}: ${(await page.textContent('body'))?.slice(0, 500)}`);
    await page.getByRole('heading', { level: 1, name: 'Memories' }).waitFor();
  };

  it('searches by words, and a query no memory matches lists nothing', async () => {
    await search('');
    expect(await rows().count()).toBe(7);
    await page.getByLabel('Search', { exact: true }).fill('green tea');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'green tea');
    expect(await rows().allTextContents()).toEqual([expect.stringContaining('green tea')]);
    await screenshot(page, 'memories-search');
    expect(await seriousViolations(page)).toEqual([]);

    await search('?q=zqxv+blorft');
    expect(await rows().count()).toBe(0);
    await page.getByText('No memory matches.').waitFor();
  });

  it('filters by project, kind, language and state', async () => {
    await search('');
    await page.getByLabel('Project').selectOption({ label: 'billing' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.has('project'));
    expect(await rows().allTextContents()).toEqual([expect.stringContaining('deploy pipeline')]);

    await search('?kind=preference');
    expect(await rows().allTextContents()).toEqual([expect.stringContaining('green tea')]);

    await search('');
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('language') === 'de');
    expect(await rows().allTextContents()).toEqual([expect.stringContaining(ENGLISH)]);

    await page.getByLabel('Language').selectOption('');
    await page.getByLabel('State').selectOption('superseded');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'superseded');
    expect(await rows().allTextContents()).toEqual([expect.stringContaining('port 5433')]);

    await search('?state=open_loop');
    expect(await rows().allTextContents()).toEqual([expect.stringContaining('invoice export')]);
    await screenshot(page, 'memories-filtered');
  });

  it('shows a memory in English beside its original text and language', async () => {
    await search('?language=de');
    await rows().getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/memories/${id.german}`);
    expect(await page.getByTestId('memory-english').textContent()).toBe(ENGLISH);
    expect(await page.getByTestId('memory-original').textContent()).toBe(GERMAN);
    await page.getByRole('heading', { name: 'Original (de)' }).waitFor();
    await screenshot(page, 'memory-original');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the versions of a superseded memory and links to its successor', async () => {
    await page.goto(`${stack.dashboardUrl}/memories/${id.old}`);
    const versions = page.locator('ol.versions li');
    expect(await versions.count()).toBe(2);
    expect(await versions.nth(1).textContent()).toContain('current');
    await page.getByRole('link', { name: id.new! }).click();
    await page.waitForURL((url) => url.pathname === `/memories/${id.new}`);
    expect(await page.getByTestId('memory-english').textContent()).toBe('The staging database moved to port 6543.');
  });

  it('settles a conflict from the memory page', async () => {
    await page.goto(`${stack.dashboardUrl}/memories/${id.dupA}`);
    const conflict = page.getByTestId('conflict');
    expect(await conflict.textContent()).toContain('duplicate');
    await screenshot(page, 'memory-conflict');
    expect(await seriousViolations(page)).toEqual([]);
    await conflict.getByRole('button', { name: 'Keep both' }).click();
    await page.getByText('The conflict was settled.').waitFor();
    expect(await page.getByTestId('conflict').textContent()).toContain('Settled');
    expect(await page.getByTestId('conflict').getByRole('button').count()).toBe(0);
  });

  it('moves, exports and forgets ticked memories', async () => {
    await search('');
    const tick = (text: string) => rows().filter({ hasText: text }).getByRole('checkbox').check();
    await tick('green tea');
    await tick('invoice export');
    await page.getByLabel('Move to').selectOption({ label: 'billing' });
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('2 moved.').waitFor();
    await search('?project=personal');
    expect(await rows().filter({ hasText: 'green tea' }).count()).toBe(0);

    await search('');
    await tick('green tea');
    await tick('deploy pipeline');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as JSON' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(readFileSync(file, 'utf8')) as { memories: { id: string; content: string }[] };
    expect(exported.memories.map((m) => m.id).sort()).toEqual([id.tea, id.pipeline].sort());

    await search('');
    await tick('green tea');
    await page.getByRole('button', { name: 'Forget', exact: true }).last().click();
    await page.getByText('1 forgotten.').waitFor();
    expect(await rows().filter({ hasText: 'green tea' }).count()).toBe(0);
    await search('?state=retired');
    expect(await rows().allTextContents()).toEqual([expect.stringContaining('green tea')]);
    expect(await alerts(page).count()).toBe(0);
    await screenshot(page, 'memories-forgotten');
  });
});

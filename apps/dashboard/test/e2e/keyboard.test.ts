// The dashboard by keyboard alone (Tab, Shift+Tab, Enter, Space): the navigation, ticking and forgetting memories, moving a card; a visible focus ring at every stop.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, type Agent } from './agent';
import { e2eStack, launchChromium, newPage, screenshot, signIn, startOwnStack } from './harness';
import type { DedicatedStack } from './stack';

const EMAIL = 'keyboard@example.com';

/**
 * Presses Tab (or Shift+Tab) until the focused element matches `selector`. A keyboard trap, or an
 * element the keyboard cannot reach, fails here after `max` presses.
 */
async function tabTo(page: Page, selector: string, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${selector}; focus is on ${at}`);
}

/** The focused element shows the stylesheet's focus ring: matched by :focus-visible, a solid outline at least 2px wide. */
async function expectFocusRing(page: Page, what: string): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return null;
    const style = getComputedStyle(el);
    return { visible: el.matches(':focus-visible'), style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(ring, what).toMatchObject({ visible: true, style: 'solid' });
  expect(ring!.width, what).toBeGreaterThanOrEqual(2);
}

describe.skipIf(!e2eStack())('keyboard use', () => {
  let stack: DedicatedStack;
  let agent: Agent;
  let browser: Browser;
  let page: Page;
  let projectId = '';
  let runbook = '';

  beforeAll(async () => {
    stack = await startOwnStack([EMAIL]);
    agent = await connectAgent(stack, EMAIL);
    const saved = await agent.tool<{ session: { thread: string; attached_project: { id: string } } }>('remember', {
      content: 'The billing service retries webhooks.',
      project_hint: '/home/ada/src/billing',
    });
    projectId = saved.session.attached_project.id;
    for (const content of ['Ada drinks green tea without sugar.', 'The office closes at six on Fridays.']) {
      await agent.tool('remember', { content, scope: 'personal' });
    }
    const made = await agent.tool<{ card: { label: string } }>('card', {
      thread: saved.session.thread,
      action: 'create',
      title: 'Write the runbook',
      type: 'task',
      no_links: 'stands alone',
    });
    runbook = made.card.label;
    browser = await launchChromium();
    page = await newPage(browser);
    await signIn(page, stack, EMAIL);
  });
  afterAll(async () => {
    await browser?.close();
    await agent?.close();
    await stack?.close();
  });

  it('reaches every navigation link with Tab and Shift+Tab and follows one with Enter', async () => {
    await page.goto(`${stack.dashboardUrl}/memories`);
    await tabTo(page, 'a.skip-link', { max: 1 });
    await expectFocusRing(page, 'the skip link');
    await tabTo(page, 'nav a[href="/boards"]');
    await expectFocusRing(page, 'the Boards link');
    await tabTo(page, 'nav a[href="/projects"]', { back: true, max: 1 });
    await expectFocusRing(page, 'the Projects link');
    await tabTo(page, 'nav button', { max: 5 });
    await expectFocusRing(page, 'Sign out');
    await tabTo(page, 'nav a[href="/boards"]', { back: true, max: 5 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/boards');
    await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor();
  });

  it('ticks a memory with Space, ignores Enter on the box, and forgets the ticked one from the bulk buttons', async () => {
    await page.goto(`${stack.dashboardUrl}/memories`);
    await tabTo(page, 'a.skip-link', { max: 1 });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    const box = 'input[type=checkbox][aria-label="Select: The office closes at six on Fridays."]';
    await tabTo(page, box);
    await expectFocusRing(page, 'a tick box');
    await page.keyboard.press('Space');
    expect(await page.isChecked(box)).toBe(true);
    // Enter on a tick box once submitted the list with its first button: the Forget of another memory.
    await page.keyboard.press('Enter');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(new URL(page.url()).search).toBe('');
    expect(await page.isChecked(box)).toBe(true);
    expect(await page.getByTestId('memory-row').count()).toBe(3);

    await tabTo(page, 'fieldset.bulk button[value="forget"]');
    await expectFocusRing(page, 'the bulk Forget button');
    await screenshot(page, 'keyboard-bulk-forget');
    await page.keyboard.press('Enter');
    await page.getByText('1 forgotten.').waitFor();
    expect(await page.getByTestId('memory-row').allTextContents()).not.toContainEqual(expect.stringContaining('office closes'));
    expect(await page.getByTestId('memory-row').count()).toBe(2);
  });

  it('opens a card from its board and moves it with the keyboard', async () => {
    await page.goto(`${stack.dashboardUrl}/boards/${projectId}`);
    await tabTo(page, `a[href$="/cards/${runbook}"]`);
    await expectFocusRing(page, 'a card on the board');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.endsWith(`/cards/${runbook}`));
    await tabTo(page, 'select[name="state"]');
    await expectFocusRing(page, 'the Move to list');
    // Typing picks an option of a closed list: "d" is done.
    await page.keyboard.press('d');
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).value)).toBe('done');
    await tabTo(page, `form[aria-label="Move ${runbook}"] button[type=submit]`);
    await expectFocusRing(page, 'the Move button');
    await page.keyboard.press('Space');
    await page.getByText('Moved to done.').waitFor();
    expect(await page.getByTestId('card-state').textContent()).toBe('done');
    await screenshot(page, 'keyboard-card-moved');
  });
});

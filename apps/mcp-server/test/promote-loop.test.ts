// promote_loop over MCP: an open loop becomes a card under create's rules, active by default, and the loop closes.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CardView, MemoryView } from '@svc/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRANCH, SECRET, backlogCard, projectThread } from './helpers/cards';
import { serverWithUsers } from './helpers/fixture';
import { call } from './helpers/mcp-client';

const fx = serverWithUsers(['ada']);
let ada: Client;
let thread = '';
beforeAll(async () => {
  ({ ada } = fx.users);
  ({ thread } = await projectThread(ada, '/home/ada/src/billing'));
});

interface Promoted {
  card: CardView;
  loop: MemoryView;
}

async function openLoop(content: string): Promise<string> {
  const res = await call<{ memory: { id: string } }>(ada, 'remember', {
    content,
    loop: true,
    thread,
  });
  return res.ok.memory.id;
}

const promote = (args: Record<string, unknown>) =>
  call<Promoted>(ada, 'promote_loop', { thread, ...args });

describe('promote_loop', () => {
  it('refuses like create: links_required with candidates, then type_required', async () => {
    await backlogCard(ada, thread, 'Invoice exports');
    const id = await openLoop('Follow up: invoice exports drop the currency.');
    const links = await promote({ memory_id: id, type: 'bug', branch: BRANCH });
    expect(links.error?.message).toMatch(/^links_required:/);
    expect(links.error?.details).toMatchObject({ candidates: [{ title: 'Invoice exports' }] });
    const type = await promote({ memory_id: id, no_links: 'n', branch: BRANCH });
    expect(type.error?.message).toMatch(/^type_required:/);
  });

  it('opens in active by default, so it needs a branch (branch_required)', async () => {
    const id = await openLoop('Follow up: retry budget is too small.');
    const refused = await promote({ memory_id: id, type: 'task', no_links: 'n' });
    expect(refused.error?.message).toMatch(/^branch_required:/);
    const ok = await promote({ memory_id: id, type: 'task', no_links: 'n', branch: BRANCH });
    expect(ok.error).toBeUndefined();
    expect(ok.ok.card).toMatchObject({
      state: 'active',
      title: 'Follow up: retry budget is too small.',
      type: 'task',
    });
    expect(ok.ok.card.label).toMatch(/^SVC-\d+$/);
    expect(ok.ok.card.refs).toEqual([expect.objectContaining({ ref_kind: 'memory', ref: id })]);
    // the loop is closed, with the card's label as its resolution
    expect(ok.ok.loop).toMatchObject({
      id,
      loop_state: 'closed',
      status: 'retired',
      invalidation_reason: `promoted to ${ok.ok.card.label}`,
    });
    const again = await promote({ memory_id: id, type: 'task', no_links: 'n', branch: BRANCH });
    expect(again.error?.code).toBe('validation_failed');
  });

  it('opens in backlog without a branch, and can leave the loop open', async () => {
    const id = await openLoop('Follow up: document the retry policy.');
    const ok = await promote({
      memory_id: id,
      type: 'task',
      no_links: 'docs',
      state: 'backlog',
      close_loop: false,
      title: 'Retry policy docs',
    });
    expect(ok.ok.card).toMatchObject({
      state: 'backlog',
      title: 'Retry policy docs',
      body: 'Follow up: document the retry policy.',
    });
    expect(ok.ok.loop.loop_state).toBe('open');
  });

  it('refuses a memory that is not an open loop, and secrets in its texts', async () => {
    const fact = await call<{ memory: { id: string } }>(ada, 'remember', {
      content: 'Invoices are in EUR.',
      thread,
    });
    const res = await promote({
      memory_id: fact.ok.memory.id,
      type: 'task',
      no_links: 'n',
      branch: BRANCH,
    });
    expect(res.error?.code).toBe('validation_failed');
    const id = await openLoop('Follow up: rotate the webhook signing key.');
    const secret = await promote({
      memory_id: id,
      type: 'task',
      no_links: 'n',
      no_branch: `use ${SECRET}`,
    });
    expect(secret.error?.details).toMatchObject({
      refusal: 'secret_content_rejected',
      field: 'no_branch',
    });
  });
});

describe('cards in briefings', () => {
  it('build_context lists cards in progress by SVC-N label', async () => {
    const res = await call<{ briefing: string; cards: { label: string }[] }>(ada, 'build_context', {
      task: 'retry budget',
      thread,
    });
    expect(res.ok.cards.length).toBeGreaterThan(0);
    expect(res.ok.briefing).toMatch(/SVC-\d+ \[active\] Follow up: retry budget is too small\./);
  });
});

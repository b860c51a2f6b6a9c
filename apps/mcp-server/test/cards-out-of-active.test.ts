// card move out of active, land and the other transitions over MCP: row 6 of the card state table.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRANCH, backlogCard, card, projectThread } from './helpers/cards';
import { serverWithUsers } from './helpers/fixture';
import { call } from './helpers/mcp-client';

const fx = serverWithUsers(['ada']);
let ada: Client;
let thread = '';
beforeAll(async () => {
  ({ ada } = fx.users);
  ({ thread } = await projectThread(ada, '/home/ada/src/billing'));
});

describe('moving out of active', () => {
  it('branch_open: refused with conflict while a branch is open, naming it', async () => {
    const { label } = await backlogCard(ada, thread, 'Open branch', {
      state: 'active',
      branch: BRANCH,
    });
    const refused = await card(ada, { action: 'move', card: label, state: 'review', thread });
    expect(refused.error?.code).toBe('conflict');
    expect(refused.error?.message).toMatch(
      new RegExp(`^branch_open: ${label} holds open branch fix/webhook-retry`),
    );
    expect(refused.error?.details).toEqual({ refusal: 'branch_open', branches: [BRANCH] });
  });

  it('not_landed closes the branch unlanded with its reason and lets the card leave', async () => {
    const { label } = await backlogCard(ada, thread, 'Unlanded', {
      state: 'active',
      branch: BRANCH,
    });
    const moved = await card(ada, {
      action: 'move',
      card: label,
      state: 'review',
      not_landed: 'waiting for review in PR 7',
      thread,
    });
    expect(moved.ok.card.state).toBe('review');
    expect(moved.ok.card.branches[0]).toMatchObject({
      state: 'not_landed',
      not_landed_reason: 'waiting for review in PR 7',
    });
  });

  it('land records the landing with its commit and moves on with state', async () => {
    const { label } = await backlogCard(ada, thread, 'Landing', {
      state: 'active',
      branch: BRANCH,
    });
    const landed = await card(ada, {
      action: 'land',
      card: label,
      commit: 'a1b2c3d',
      state: 'done',
      thread,
    });
    expect(landed.ok.card.state).toBe('done');
    expect(landed.ok.card.branches[0]).toMatchObject({ state: 'landed', commit: 'a1b2c3d' });
    expect(landed.ok.card.branches[0]?.landed_at).not.toBeNull();
    const log = await call<{ entries: { note: string }[] }>(ada, 'card_log', {
      card: label,
      thread,
    });
    expect(log.ok.entries[0]?.note).toBe(
      'Landed fix/webhook-retry (github.com/acme/billing) at a1b2c3d.',
    );
    const again = await card(ada, { action: 'land', card: label, thread });
    expect(again.error?.code).toBe('conflict');
  });

  it('land asks which branch when several are open', async () => {
    const { label } = await backlogCard(ada, thread, 'Two branches', {
      state: 'active',
      branch: BRANCH,
    });
    await card(ada, {
      action: 'move',
      card: label,
      state: 'active',
      branch: { ...BRANCH, name: 'fix/second' },
      thread,
    });
    const unclear = await card(ada, { action: 'land', card: label, thread });
    expect(unclear.error?.code).toBe('validation_failed');
    const one = await card(ada, {
      action: 'land',
      card: label,
      branch: BRANCH,
      state: 'review',
      thread,
    });
    // the other branch is still open, so leaving active is refused and nothing is recorded
    expect(one.error?.message).toMatch(/^branch_open:/);
    const both = await card(ada, { action: 'land', card: label, branch: BRANCH, thread });
    expect(both.ok.card.branches.map((b) => b.state).sort()).toEqual(['landed', 'open']);
  });
});

describe('other transitions', () => {
  it('moves between the other states freely; a move to the same state changes nothing', async () => {
    const { label } = await backlogCard(ada, thread, 'Wanders');
    for (const state of ['dropped', 'backlog', 'done', 'review'] as const) {
      const res = await card(ada, { action: 'move', card: label, state, thread });
      expect(res.ok.card.state).toBe(state);
      expect(res.ok.changed).toBe(true);
    }
    const same = await card(ada, { action: 'move', card: label, state: 'review', thread });
    expect(same.ok.changed).toBe(false);
  });

  it('names unknown cards by label in not_found messages', async () => {
    const res = await card(ada, { action: 'move', card: 'SVC-999', state: 'done', thread });
    expect(res.error?.code).toBe('not_found');
    expect(res.error?.message).toContain('SVC-999');
  });
});

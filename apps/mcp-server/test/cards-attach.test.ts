// Undeclared relates_to over MCP: recorded by attaching a card, replaced by a declaration, retired by detach.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { backlogCard, card, projectThread, summaryOf } from './helpers/cards';
import { serverWithUsers } from './helpers/fixture';


const fx = serverWithUsers(['ada']);
let ada: Client;
let thread = '';
beforeAll(async () => {
  ({ ada } = fx.users);
  ({ thread } = await projectThread(ada, '/home/ada/src/billing'));
});

const summary = (label: string) => summaryOf(ada, thread, label);

describe('relates_to from attaching a card', () => {
  it('is recorded when ref_kind card is attached and shown as undeclared in board get', async () => {
    const a = await backlogCard(ada, thread, 'Attach from');
    const b = await backlogCard(ada, thread, 'Attach to');
    const res = await card(ada, {
      action: 'attach',
      card: a.label,
      ref_kind: 'card',
      ref: b.label,
      thread,
    });
    expect(res.ok.card.refs).toEqual([expect.objectContaining({ ref_kind: 'card', ref: b.id })]);
    expect((await summary(a.label)).relations).toEqual([
      { card_label: b.label, relation: 'relates_to', declared: false },
    ]);
    expect((await summary(b.label)).relations).toEqual([
      { card_label: a.label, relation: 'relates_to', declared: false },
    ]);
    // undeclared does not count as the relations being stated
    expect(res.ok.card.relations[0]?.declared).toBe(false);
  });

  it('is replaced by a declared relation between the same cards, from either side', async () => {
    const a = await backlogCard(ada, thread, 'Replace from');
    const b = await backlogCard(ada, thread, 'Replace to');
    await card(ada, { action: 'attach', card: a.label, ref_kind: 'card', ref: b.id, thread });
    await card(ada, {
      action: 'link',
      card: b.label,
      links: [{ card: a.label, relation: 'follows', reason: 'after a' }],
      thread,
    });
    expect((await summary(a.label)).relations).toEqual([
      { card_label: b.label, relation: 'precedes', declared: true },
    ]);
    // detaching now leaves the declared relation alone: only the undeclared one is retired
    await card(ada, { action: 'detach', card: a.label, ref_kind: 'card', ref: b.label, thread });
    expect((await summary(a.label)).relations).toEqual([
      { card_label: b.label, relation: 'precedes', declared: true },
    ]);
  });

  it('is retired by detach', async () => {
    const a = await backlogCard(ada, thread, 'Detach from');
    const b = await backlogCard(ada, thread, 'Detach to');
    await card(ada, { action: 'attach', card: a.label, ref_kind: 'card', ref: b.label, thread });
    const res = await card(ada, {
      action: 'detach',
      card: a.label,
      ref_kind: 'card',
      ref: b.label,
      thread,
    });
    expect(res.ok.card.refs).toEqual([]);
    expect(res.ok.card.relations).toEqual([]);
    expect((await summary(b.label)).relations).toEqual([]);
    const again = await card(ada, {
      action: 'detach',
      card: a.label,
      ref_kind: 'card',
      ref: b.label,
      thread,
    });
    expect(again.error?.code).toBe('not_found');
  });

  it('attaches memories and urls too; a card cannot be attached to itself', async () => {
    const a = await backlogCard(ada, thread, 'Refs');
    const url = await card(ada, {
      action: 'attach',
      card: a.label,
      ref_kind: 'url',
      ref: 'https://example.com/pr/7',
      thread,
    });
    expect(url.ok.card.refs).toEqual([
      expect.objectContaining({ ref_kind: 'url', ref: 'https://example.com/pr/7' }),
    ]);
    const ghost = await card(ada, {
      action: 'attach',
      card: a.label,
      ref_kind: 'memory',
      ref: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      thread,
    });
    expect(ghost.error?.code).toBe('not_found');
    const self = await card(ada, {
      action: 'attach',
      card: a.label,
      ref_kind: 'card',
      ref: a.label,
      thread,
    });
    expect(self.error?.code).toBe('validation_failed');
  });
});

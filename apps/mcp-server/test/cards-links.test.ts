// Declared card relations over MCP: links by id or SVC-N label, inverses, repetition and replacement.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { linkCards } from '@svc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET, backlogCard, card, projectThread, summaryOf } from './helpers/cards';
import { startHarness, type Harness } from './helpers/harness';
import { connect, newUserToken } from './helpers/mcp-client';

let h: Harness;
let ada: Client;
let adaId = '';
let thread = '';
beforeAll(async () => {
  h = await startHarness();
  const user = await newUserToken(h.deps.database, 'ada@example.com');
  adaId = user.userId;
  ada = await connect(h.url, user.token);
  ({ thread } = await projectThread(ada, '/home/ada/src/billing'));
});
afterAll(async () => {
  await ada.close();
  await h.close();
});

const summary = (label: string) => summaryOf(ada, thread, label);

describe('links', () => {
  it('take a card by SVC-N label or by id, and read from the other side by the inverse', async () => {
    const queue = await backlogCard(ada, thread, 'Queue');
    const worker = await backlogCard(ada, thread, 'Worker');
    const res = await card(ada, {
      action: 'create',
      title: 'Retries',
      type: 'story',
      thread,
      links: [
        { card: queue.label, relation: 'blocked_by', reason: 'retries need the queue' },
        { card: worker.id, relation: 'parent_of', reason: 'the worker is part of it' },
      ],
    });
    expect(res.ok.card.relations).toEqual([
      {
        card_id: queue.id,
        card_label: queue.label,
        relation: 'blocked_by',
        reason: 'retries need the queue',
        declared: true,
      },
      {
        card_id: worker.id,
        card_label: worker.label,
        relation: 'parent_of',
        reason: 'the worker is part of it',
        declared: true,
      },
    ]);
    expect((await summary(queue.label)).relations).toEqual([
      { card_label: res.ok.card.label, relation: 'blocks', declared: true },
    ]);
    expect((await summary(worker.label)).relations).toEqual([
      { card_label: res.ok.card.label, relation: 'child_of', declared: true },
    ]);
  });

  it('refuse a label that names no card of the board, leaving nothing behind', async () => {
    const res = await card(ada, {
      action: 'create',
      title: 'Dangling',
      type: 'task',
      thread,
      links: [{ card: 'SVC-404', relation: 'follows', reason: 'r' }],
    });
    expect(res.error?.code).toBe('not_found');
    expect(res.error?.message).toContain('SVC-404');
  });

  it('repeating the same link changes nothing; a new declaration replaces the old one', async () => {
    const a = await backlogCard(ada, thread, 'Alpha');
    const b = await backlogCard(ada, thread, 'Beta');
    const link = { card: b.label, relation: 'blocks', reason: 'alpha first' };
    expect(
      (await card(ada, { action: 'link', card: a.label, links: [link], thread })).ok.changed,
    ).toBe(true);
    expect(
      (await card(ada, { action: 'link', card: a.label, links: [link], thread })).ok.changed,
    ).toBe(false);
    const redeclared = await card(ada, {
      action: 'link',
      card: b.label,
      links: [{ card: a.label, relation: 'duplicates', reason: 'same work' }],
      thread,
    });
    expect(redeclared.ok.card.relations).toEqual([
      expect.objectContaining({ card_label: a.label, relation: 'duplicates' }),
    ]);
    expect((await summary(a.label)).relations).toEqual([
      { card_label: b.label, relation: 'duplicated_by', declared: true },
    ]);
  });
});

describe('linkCards, the card part of the link tool', () => {
  it('declares relations and returns every live relation of the card', async () => {
    const a = await backlogCard(ada, thread, 'Link tool from');
    const b = await backlogCard(ada, thread, 'Link tool to');
    const out = await linkCards(
      { database: h.deps.database },
      { userId: adaId, aal: 'aal1' },
      {
        card: a.id,
        links: [{ card: b.label, relation: 'relates_to', reason: 'same area' }],
      },
    );
    expect(out.card).toEqual({ id: a.id, label: a.label });
    expect(out.card_relations).toEqual([
      {
        card_id: b.id,
        card_label: b.label,
        relation: 'relates_to',
        reason: 'same area',
        declared: true,
      },
    ]);
  });
  it('refuses a secret in a link reason before writing anything', async () => {
    const a = await backlogCard(ada, thread, 'Secret link');
    const refused = linkCards(
      { database: h.deps.database },
      { userId: adaId, aal: 'aal1' },
      {
        card: a.id,
        links: [{ card: 'SVC-1', relation: 'relates_to', reason: `token ${SECRET}` }],
      },
    );
    await expect(refused).rejects.toMatchObject({
      code: 'validation_failed',
      details: { refusal: 'secret_content_rejected', field: 'links[0].reason' },
    });
  });
});

// card move into active over MCP: rows 3 to 5 of the card state table (branch, relations, type).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRANCH, backlogCard, card, projectThread } from './helpers/cards';
import { serverWithUsers } from './helpers/fixture';
import type { Harness } from './helpers/harness';


const fx = serverWithUsers(['ada']);
let h: Harness;
let ada: Client;
let thread = '';
beforeAll(async () => {
  ({ h } = fx);
  ({ ada } = fx.users);
  ({ thread } = await projectThread(ada, '/home/ada/src/billing'));
});

/** A card made before types and relation statements were required: only the database can make one now. */
async function legacyCard(title: string): Promise<string> {
  const { label } = await backlogCard(ada, thread, title);
  await h.deps.database.db.execute(
    `update cards set type = null, relations_assessed = false, no_links_reason = null where number = ${label.slice(4)}`,
  );
  return label;
}

describe('moving into active', () => {
  it('branch_required: no branch or no_branch and no open branch; a branch given opens it', async () => {
    const { label } = await backlogCard(ada, thread, 'Parse invoices');
    const refused = await card(ada, { action: 'move', card: label, state: 'active', thread });
    expect(refused.error?.code).toBe('validation_failed');
    expect(refused.error?.message).toMatch(new RegExp(`^branch_required: ${label}`));
    const moved = await card(ada, {
      action: 'move',
      card: label,
      state: 'active',
      branch: BRANCH,
      thread,
    });
    expect(moved.ok.card.state).toBe('active');
    expect(moved.ok.card.branches[0]).toMatchObject({ ...BRANCH, state: 'open' });
  });

  it('a card that holds an open branch needs no new branch statement', async () => {
    const { label } = await backlogCard(ada, thread, 'Prepared', {
      branch: { ...BRANCH, name: 'feat/prepared' },
    });
    const moved = await card(ada, { action: 'move', card: label, state: 'active', thread });
    expect(moved.error).toBeUndefined();
  });

  it('links_required: relations never assessed; candidates named; a statement once is enough', async () => {
    const label = await legacyCard('Legacy export');
    const refused = await card(ada, {
      action: 'move',
      card: label,
      state: 'active',
      type: 'task',
      no_branch: 'n',
      thread,
    });
    expect(refused.error?.code).toBe('validation_failed');
    expect(refused.error?.message).toMatch(/^links_required:/);
    const details = refused.error?.details as { candidates: { label: string }[] };
    expect(details.candidates.length).toBeGreaterThan(0);
    expect(details.candidates.map((c) => c.label)).not.toContain(label);

    const stated = await card(ada, {
      action: 'move',
      card: label,
      state: 'review',
      no_links: 'export stands alone',
      thread,
    });
    expect(stated.ok.card.relations_assessed).toBe(true);
    // not asked again on a later move into active
    const again = await card(ada, {
      action: 'move',
      card: label,
      state: 'active',
      type: 'task',
      no_branch: 'script only',
      thread,
    });
    expect(again.error).toBeUndefined();
    expect(again.ok.card.state).toBe('active');
  });

  it('links_required is also settled by relating the card with link first', async () => {
    const label = await legacyCard('Legacy import');
    const linked = await card(ada, {
      action: 'link',
      card: label,
      links: [{ card: 'SVC-1', relation: 'follows', reason: 'same parser' }],
      thread,
    });
    expect(linked.ok.card.relations_assessed).toBe(true);
    const moved = await card(ada, {
      action: 'move',
      card: label,
      state: 'active',
      type: 'story',
      no_branch: 'n',
      thread,
    });
    expect(moved.ok.card.state).toBe('active');
  });

  it('type_required: a card with no type; type on the move declares it', async () => {
    const label = await legacyCard('Legacy untyped');
    const refused = await card(ada, {
      action: 'move',
      card: label,
      state: 'active',
      no_links: 'alone',
      no_branch: 'n',
      thread,
    });
    expect(refused.error?.message).toMatch(/^type_required:/);
    expect(refused.error?.details).toMatchObject({ refusal: 'type_required' });
    const moved = await card(ada, {
      action: 'move',
      card: label,
      state: 'active',
      no_links: 'alone',
      no_branch: 'n',
      type: 'spike',
      thread,
    });
    expect(moved.ok.card).toMatchObject({ state: 'active', type: 'spike' });
  });

  it('a different type on a move is refused as invalid with no refusal identifier; edit changes it', async () => {
    const { label } = await backlogCard(ada, thread, 'Typed already');
    const refused = await card(ada, {
      action: 'move',
      card: label,
      state: 'review',
      type: 'bug',
      thread,
    });
    expect(refused.error?.code).toBe('validation_failed');
    expect(refused.error?.message).toContain(`${label} is already a task`);
    expect(refused.error?.details).not.toHaveProperty('refusal');
    const same = await card(ada, {
      action: 'move',
      card: label,
      state: 'review',
      type: 'task',
      thread,
    });
    expect(same.ok.card.state).toBe('review');
    const edited = await card(ada, {
      action: 'edit',
      card: label,
      type: 'bug',
      title: 'Typed again',
      thread,
    });
    expect(edited.ok.card).toMatchObject({ type: 'bug', title: 'Typed again' });
  });
});

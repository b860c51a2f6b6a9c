// Another user can neither see nor change a user's cards; a reader member sees them but cannot change them.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { setProjectMember } from '@svc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCH, backlogCard, board, card, projectThread } from './helpers/cards';
import { startHarness, type Harness } from './helpers/harness';
import { call, connect, newUserToken } from './helpers/mcp-client';

let h: Harness;
let ada: Client;
let bob: Client;
let carol: Client;
let carolId = '';
let thread = '';
let scope = '';
let adaCard = { id: '', label: '' };
beforeAll(async () => {
  h = await startHarness();
  ada = await connect(h.url, (await newUserToken(h.deps.database, 'ada@example.com')).token);
  bob = await connect(h.url, (await newUserToken(h.deps.database, 'bob@example.com')).token);
  const c = await newUserToken(h.deps.database, 'carol@example.com');
  carolId = c.userId;
  carol = await connect(h.url, c.token);
  const project = await projectThread(ada, '/home/ada/src/billing');
  thread = project.thread;
  scope = `project:${project.projectId}`;
  adaCard = await backlogCard(ada, thread, 'Ada only', { state: 'active', branch: BRANCH });
});
afterAll(async () => {
  await Promise.all([ada.close(), bob.close(), carol.close()]);
  await h.close();
});

describe("another user and a user's cards", () => {
  it('cannot read the board or resolve a label: the scope is forbidden', async () => {
    const got = await board(bob, { action: 'get', scope });
    expect(got.error?.code).toBe('forbidden');
    const resolved = await board(bob, { action: 'resolve', label: adaCard.label, scope });
    expect(resolved.error?.code).toBe('forbidden');
    // a thread of another user selects nothing
    const viaThread = await board(bob, { action: 'get', thread });
    expect(viaThread.error?.message).toMatch(/^scope_target_required:/);
  });

  it('cannot move, edit, log or link a card by its id: it is not found', async () => {
    for (const args of [
      { action: 'move', card: adaCard.id, state: 'dropped', not_landed: 'taking over' },
      { action: 'edit', card: adaCard.id, title: 'Mine now' },
      { action: 'land', card: adaCard.id },
    ]) {
      const res = await card(bob, args);
      expect(res.error?.code).toBe('not_found');
    }
    expect((await call(bob, 'card_log', { card: adaCard.id })).error?.code).toBe('not_found');
    const own = await projectThread(bob, '/home/bob/src/shop');
    const linked = await card(bob, {
      action: 'create',
      title: 'Bob card',
      type: 'task',
      thread: own.thread,
      links: [{ card: adaCard.id, relation: 'blocks', reason: 'sneaky' }],
    });
    expect(linked.error?.code).toBe('not_found');
    const attached = await card(bob, {
      action: 'create',
      title: 'Bob card',
      type: 'task',
      no_links: 'n',
      scope,
    });
    expect(attached.error?.code).toBe('forbidden');
  });

  it("cannot reach a card through a label: labels read on the caller's own board only", async () => {
    const own = await projectThread(bob, '/home/bob/src/shop2');
    const res = await card(bob, {
      action: 'move',
      card: adaCard.label,
      state: 'done',
      thread: own.thread,
    });
    expect(res.error?.code).toBe('not_found');
    const byScope = await card(bob, { action: 'move', card: adaCard.label, state: 'done', scope });
    expect(byScope.error?.code).toBe('forbidden');
  });

  it('leaves the card as it was', async () => {
    const res = await board(ada, { action: 'resolve', label: adaCard.label, thread });
    expect(res.ok.card).toMatchObject({ title: 'Ada only', state: 'active' });
    expect(res.ok.card?.branches[0]?.state).toBe('open');
  });
});

describe('a reader member', () => {
  it('sees the board but cannot change a card: forbidden', async () => {
    await setProjectMember(h.deps.database.db, scope.slice('project:'.length), carolId, 'reader');
    const got = await board(carol, { action: 'get', scope });
    expect(got.ok.board?.cards.map((c) => c.label)).toContain(adaCard.label);
    const moved = await card(carol, {
      action: 'move',
      card: adaCard.label,
      state: 'done',
      not_landed: 'n',
      scope,
    });
    expect(moved.error?.code).toBe('forbidden');
    const created = await card(carol, {
      action: 'create',
      title: 'Reader card',
      type: 'task',
      no_links: 'n',
      scope,
    });
    expect(created.error?.code).toBe('forbidden');
    const note = await call(carol, 'card_log', { card: adaCard.label, note: 'I was here', scope });
    expect(note.error?.code).toBe('forbidden');
  });
});

// card create over MCP: where a card goes, the create rows (1 to 3) of the card state table, labels.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCH, backlogCard, board, card, projectThread } from './helpers/cards';
import { startHarness, type Harness } from './helpers/harness';
import { connect, newUserToken } from './helpers/mcp-client';

let h: Harness;
let ada: Client;
let adaToken = '';
let thread = '';
let projectId = '';
beforeAll(async () => {
  h = await startHarness();
  adaToken = (await newUserToken(h.deps.database, 'ada@example.com')).token;
  ada = await connect(h.url, adaToken);
  ({ thread, projectId } = await projectThread(ada, '/home/ada/src/billing'));
});
afterAll(async () => {
  await ada.close();
  await h.close();
});

describe('where card create puts a card', () => {
  it("goes on the board of the session's project with neither scope nor project_hint, labelled SVC-N", async () => {
    const res = await card(ada, {
      action: 'create',
      title: 'Retry webhooks',
      type: 'bug',
      no_links: 'first card',
      thread,
    });
    expect(res.error).toBeUndefined();
    expect(res.ok.card).toMatchObject({
      label: 'SVC-1',
      number: 1,
      project_id: projectId,
      state: 'backlog',
      type: 'bug',
    });
    expect(res.ok.card.relations_assessed).toBe(true);
    expect(res.ok.changed).toBe(true);
  });

  it('refuses a session without a project with scope_target_required: and lists the projects', async () => {
    // A transport session of its own: `ada`'s has the project attached by now.
    const fresh = await connect(h.url, adaToken);
    const res = await card(fresh, {
      action: 'create',
      title: 'Orphan',
      type: 'task',
      no_links: 'none',
    });
    expect(res.error?.code).toBe('validation_failed');
    expect(res.error?.message).toMatch(/^scope_target_required:/);
    expect(res.error?.message).toContain('billing');
    expect(res.error?.details).toEqual({
      refusal: 'scope_target_required',
      projects: [{ id: projectId, name: 'billing' }],
    });
    await fresh.close();
  });

  it('takes scope or a project name as project_hint, and refuses a name that fits nothing', async () => {
    const byScope = await card(ada, {
      action: 'create',
      title: 'By scope',
      type: 'task',
      no_links: 'n',
      scope: `project:${projectId}`,
    });
    expect(byScope.ok.card.project_id).toBe(projectId);
    const byName = await card(ada, {
      action: 'create',
      title: 'By name',
      type: 'task',
      no_links: 'n',
      project_hint: 'billing',
    });
    expect(byName.ok.card.project_id).toBe(projectId);
    const unknown = await card(ada, {
      action: 'create',
      title: 'Lost',
      type: 'task',
      no_links: 'n',
      project_hint: 'payroll',
    });
    expect(unknown.error?.message).toMatch(/^project_hint_unresolvable:/);
    const personal = await card(ada, {
      action: 'create',
      title: 'Mine',
      type: 'task',
      no_links: 'n',
      scope: 'personal',
    });
    expect(personal.error?.code).toBe('validation_failed');
  });
});

describe('state table rows for create', () => {
  it('links_required: no links and no no_links, naming candidate cards of the same board', async () => {
    await backlogCard(ada, thread, 'Webhook queue');
    const res = await card(ada, {
      action: 'create',
      title: 'Webhook retries back off',
      type: 'bug',
      thread,
    });
    expect(res.error?.code).toBe('validation_failed');
    expect(res.error?.message).toMatch(/^links_required:/);
    const details = res.error?.details as {
      refusal: string;
      candidates: { label: string; title: string }[];
    };
    expect(details.refusal).toBe('links_required');
    // ranked by shared title words, so the queue card leads
    expect(details.candidates[0]?.title).toBe('Webhook queue');
    expect(details.candidates.every((c) => /^SVC-\d+$/.test(c.label))).toBe(true);
    expect(res.error?.message).toContain(details.candidates[0]!.label);
  });

  it('type_required: no type', async () => {
    const res = await card(ada, {
      action: 'create',
      title: 'Untyped',
      no_links: 'standalone',
      thread,
    });
    expect(res.error?.code).toBe('validation_failed');
    expect(res.error?.message).toMatch(/^type_required:/);
    expect(res.error?.details).toEqual({
      refusal: 'type_required',
      types: ['story', 'bug', 'task', 'spike'],
    });
  });

  it('branch_required: create into active without branch or no_branch', async () => {
    const res = await card(ada, {
      action: 'create',
      title: 'Straight to work',
      type: 'task',
      no_links: 'n',
      state: 'active',
      thread,
    });
    expect(res.error?.code).toBe('validation_failed');
    expect(res.error?.message).toMatch(/^branch_required:/);
    expect(res.error?.details).toEqual({ refusal: 'branch_required' });
    const ok = await card(ada, {
      action: 'create',
      title: 'Straight to work',
      type: 'task',
      no_links: 'n',
      state: 'active',
      branch: BRANCH,
      thread,
    });
    expect(ok.ok.card.state).toBe('active');
    expect(ok.ok.card.branches).toMatchObject([{ ...BRANCH, state: 'open', landed_at: null }]);
    const docs = await card(ada, {
      action: 'create',
      title: 'Docs',
      type: 'task',
      no_links: 'n',
      state: 'active',
      no_branch: 'wiki only',
      thread,
    });
    expect(docs.ok.card.state).toBe('active');
    expect(docs.ok.card.no_branch_reason).toBe('wiki only');
  });

  it('a refused create takes no number: the next card gets the next free one', async () => {
    const before = (
      await board(ada, {
        action: 'get',
        thread,
        states: ['backlog', 'active', 'review', 'done', 'dropped'],
      })
    ).ok.board!;
    const top = Math.max(...before.cards.map((c) => c.number));
    const next = await backlogCard(ada, thread, 'After refusals');
    expect(next.number).toBe(top + 1);
  });
});

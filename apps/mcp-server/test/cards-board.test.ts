// board get and resolve, card_log, and concurrent numbering over MCP.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANCH, SECRET, backlogCard, board, card, projectThread } from './helpers/cards';
import { startHarness, type Harness } from './helpers/harness';
import { call, connect, newUserToken } from './helpers/mcp-client';

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

interface LogResult {
  card: { id: string; label: string };
  added: { id: string; note: string } | null;
  entries: { id: string; note: string }[];
  next_cursor: string | null;
}

describe('numbering', () => {
  it('stays unique and gap-free under 20 creates at once through the tool', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        card(ada, {
          action: 'create',
          title: `Parallel ${i}`,
          type: 'task',
          no_links: 'load test',
          thread,
        }),
      ),
    );
    expect(results.filter((r) => r.error)).toEqual([]);
    const numbers = results.map((r) => r.ok.card.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.ok.card.label)).size).toBe(20);
  });
});

describe('board get', () => {
  it('lists columns with cards, labels, relations and open branches, and counts every state', async () => {
    const active = await backlogCard(ada, thread, 'Working on it', {
      state: 'active',
      branch: BRANCH,
      links: undefined,
      no_links: 'n',
    });
    await card(ada, {
      action: 'link',
      card: active.label,
      links: [{ card: 'SVC-1', relation: 'follows', reason: 'after the first' }],
      thread,
    });
    await card(ada, { action: 'move', card: 'SVC-2', state: 'done', thread });
    const res = await board(ada, { action: 'get', thread });
    expect(res.error).toBeUndefined();
    const got = res.ok.board!;
    expect(got.project).toEqual({ id: projectId, name: 'billing' });
    expect(got.counts).toEqual({ backlog: 19, active: 1, review: 0, done: 1, dropped: 0 });
    // done and dropped are left out by default; backlog comes before active
    expect(got.cards.map((c) => c.label)).not.toContain('SVC-2');
    expect(got.cards[0]?.state).toBe('backlog');
    const shown = got.cards.find((c) => c.label === active.label)!;
    expect(shown).toMatchObject({
      state: 'active',
      open_branches: [BRANCH],
      relations: [{ card_label: 'SVC-1', relation: 'follows', declared: true }],
    });
  });

  it('filters by state and type and pages with next_cursor', async () => {
    const done = await board(ada, { action: 'get', thread, states: ['done'] });
    expect(done.ok.board!.cards.map((c) => c.label)).toEqual(['SVC-2']);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await board(ada, { action: 'get', thread, limit: 7, ...(cursor && { cursor }) });
      seen.push(...page.ok.board!.cards.map((c) => c.label));
      cursor = page.ok.board!.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(20);
    expect(new Set(seen).size).toBe(20);
    const bugs = await board(ada, { action: 'get', thread, type: 'bug' });
    expect(bugs.ok.board!.cards).toEqual([]);
    const bad = await board(ada, { action: 'get', thread, cursor: 'not-a-cursor' });
    expect(bad.error?.code).toBe('validation_failed');
  });

  it("needs a project: a session without one is refused with the caller's projects", async () => {
    // A transport session of its own: `ada`'s has the project attached by now.
    const fresh = await connect(h.url, adaToken);
    const res = await board(fresh, { action: 'get' });
    expect(res.error?.message).toMatch(/^scope_target_required:/);
    expect(res.error?.details).toMatchObject({ projects: [{ id: projectId }] });
    const byHint = await board(fresh, { action: 'get', project_hint: 'billing' });
    expect(byHint.ok.board?.project.id).toBe(projectId);
    await fresh.close();
  });
});

describe('board resolve', () => {
  it('accepts SVC-N, the bare number and the number as digits', async () => {
    for (const label of ['SVC-3', 3, '3']) {
      const res = await board(ada, { action: 'resolve', label, thread });
      expect(res.ok.card).toMatchObject({ label: 'SVC-3', number: 3, title: expect.any(String) });
    }
    const missing = await board(ada, { action: 'resolve', label: 'SVC-77', thread });
    expect(missing.error?.code).toBe('not_found');
    expect(missing.error?.message).toContain('SVC-77');
  });
});

describe('card_log', () => {
  it('appends notes and reads them newest first, a page at a time', async () => {
    const first = await call<LogResult>(ada, 'card_log', {
      card: 'SVC-4',
      note: 'Started on the parser.',
      thread,
    });
    expect(first.ok.card.label).toBe('SVC-4');
    expect(first.ok.added?.note).toBe('Started on the parser.');
    await call<LogResult>(ada, 'card_log', {
      card: 'SVC-4',
      note: 'Parser handles dates.',
      thread,
    });
    const read = await call<LogResult>(ada, 'card_log', { card: 'SVC-4', limit: 1, thread });
    expect(read.ok.added).toBeNull();
    expect(read.ok.entries.map((e) => e.note)).toEqual(['Parser handles dates.']);
    const next = await call<LogResult>(ada, 'card_log', {
      card: 'SVC-4',
      limit: 1,
      cursor: read.ok.next_cursor,
      thread,
    });
    expect(next.ok.entries.map((e) => e.note)).toEqual(['Started on the parser.']);
    expect(next.ok.next_cursor).toBeNull();
  });

  it('refuses a secret in a note and writes nothing', async () => {
    const res = await call<LogResult>(ada, 'card_log', {
      card: 'SVC-5',
      note: `deploy key ${SECRET}`,
      thread,
    });
    expect(res.error?.message).toMatch(/^secret_content_rejected:/);
    expect(res.error?.details).toMatchObject({ field: 'note' });
    expect(JSON.stringify(res.raw)).not.toContain(SECRET);
    const log = await call<LogResult>(ada, 'card_log', { card: 'SVC-5', thread });
    expect(log.ok.entries).toEqual([]);
  });
});

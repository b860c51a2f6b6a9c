// GET /account/rules, /account/projects and /account/boards/:projectId over HTTP, isolated per person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, request, type Person } from './helpers/account-data';
import { card, projectThread } from './helpers/cards';
import { startHarness, type Harness } from './helpers/harness';
import { call } from './helpers/mcp-client';

interface Board {
  project: { id: string; name: string };
  counts: Record<string, number>;
  cards: { label: string; title: string; state: string; type: string | null }[];
  next_cursor: string | null;
}

let h: Harness;
let ada: Person;
let bob: Person;
let projectId = '';
let thread = '';

beforeAll(async () => {
  h = await startHarness();
  ada = await person(h, 'ada');
  bob = await person(h, 'bob');
  ({ thread, projectId } = await projectThread(ada.client, '/home/ada/src/billing'));
});
afterAll(async () => {
  await ada.client.close();
  await bob.client.close();
  await h.close();
});

describe('GET /account/rules', () => {
  it('lists rules promoted through the tool, with the project name of project rules', async () => {
    const personal = await call<{ rule: { id: string } }>(ada.client, 'promote_rule', { rule_text: 'Answer in British English.', scope: 'personal' });
    const project = await call<{ rule: { id: string } }>(ada.client, 'promote_rule', { rule_text: 'Run the tests before pushing.', scope: `project:${projectId}` });
    expect(personal.error).toBeUndefined();
    expect(project.error).toBeUndefined();
    const res = await request<{ rules: { id: string; rule_text: string; scope: string; project: { name: string } | null }[] }>(
      h,
      'GET',
      '/account/rules',
      { token: ada.session },
    );
    expect(res.status).toBe(200);
    expect(res.body.rules).toEqual([
      expect.objectContaining({ id: personal.ok.rule.id, rule_text: 'Answer in British English.', scope: 'personal', project: null }),
      expect.objectContaining({ id: project.ok.rule.id, scope: `project:${projectId}`, project: { id: projectId, name: 'billing' } }),
    ]);
    const theirs = await request<{ rules: unknown[] }>(h, 'GET', '/account/rules', { token: bob.session });
    expect(theirs.body.rules).toEqual([]);
  });
});

describe('GET /account/projects', () => {
  it("lists the person's projects with their role, and none of anyone else's", async () => {
    const res = await request<{ projects: { id: string; name: string; role: string }[] }>(h, 'GET', '/account/projects', {
      token: ada.session,
    });
    expect(res.status).toBe(200);
    expect(res.body.projects).toEqual([expect.objectContaining({ id: projectId, name: 'billing', role: 'owner' })]);
    const theirs = await request<{ projects: unknown[] }>(h, 'GET', '/account/projects', { token: bob.session });
    expect(theirs.body.projects).toEqual([]);
  });
});

describe('GET /account/boards/:projectId', () => {
  it('shows the board with cards made by the card tool, labelled SVC-N, finished ones included', async () => {
    const made = await card(ada.client, { action: 'create', title: 'Retry webhooks', type: 'bug', no_links: 'first card', thread });
    const done = await card(ada.client, { action: 'create', title: 'Old chore', type: 'task', no_links: 'none', thread });
    expect(made.error).toBeUndefined();
    const dropped = await card(ada.client, { action: 'move', card: done.ok.card.label, state: 'dropped', thread });
    expect(dropped.error).toBeUndefined();
    const res = await request<Board>(h, 'GET', `/account/boards/${projectId}`, { token: ada.session });
    expect(res.status).toBe(200);
    expect(res.body.project).toEqual({ id: projectId, name: 'billing' });
    expect(res.body.cards).toEqual([
      expect.objectContaining({ label: made.ok.card.label, title: 'Retry webhooks', state: 'backlog', type: 'bug' }),
      expect.objectContaining({ label: done.ok.card.label, state: 'dropped' }),
    ]);
    expect(made.ok.card.label).toMatch(/^SVC-\d+$/);
    expect(res.body.counts).toMatchObject({ backlog: 1, dropped: 1 });
    expect(res.body.next_cursor).toBeNull();
    const open = await request<Board>(h, 'GET', `/account/boards/${projectId}?states=backlog,active`, { token: ada.session });
    expect(open.body.cards.map((c) => c.title)).toEqual(['Retry webhooks']);
  });

  it("answers not_found for another person's project or an unknown one, and validation_failed for a bad id or state", async () => {
    for (const [token, id] of [
      [bob.session, projectId],
      [ada.session, crypto.randomUUID()],
    ] as const) {
      const res = await request<{ error: { code: string } }>(h, 'GET', `/account/boards/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    for (const path of ['/account/boards/billing', `/account/boards/${projectId}?states=soon`, `/account/boards/${projectId}?limit=500`]) {
      const res = await request<{ error: { code: string } }>(h, 'GET', path, { token: ada.session });
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});

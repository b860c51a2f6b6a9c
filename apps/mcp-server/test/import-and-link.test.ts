// import_memory and link over MCP: targets, per-item rejections, secrets, entity graph, card links.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryView } from '@svc/contract';
import { entities, memories, memoryEntities } from '@svc/db';
import { backlogCard, projectThread, SECRET } from './helpers/cards';
import { startHarness, type Harness } from './helpers/harness';
import { closeAll, freshSession, person, remembered, sharedProject, type Person } from './helpers/library';
import { call } from './helpers/mcp-client';

let h: Harness;
let ada: Person;
let bob: Person;
let project: { id: string; scopeId: string; name: string };

beforeAll(async () => {
  h = await startHarness();
  [ada, bob] = await Promise.all([person(h, 'ada@example.com'), person(h, 'bob@example.com')]);
  project = await sharedProject(h, 'Knowledge Base', ada, [[bob, 'reader']]);
});
afterAll(async () => {
  await closeAll([ada, bob]);
  await h.close();
});

interface Imported {
  imported: { index: number; id: string }[];
  rejected: { index: number; reason: string }[];
  to: { scope: string; project: { id: string; name: string } | null };
}

describe('import_memory', () => {
  it('stores each clean item and rejects secrets, twins and repeated external ids by index', async () => {
    const res = await call<Imported>(ada.client, 'import_memory', {
      project_hint: 'kb',
      source_system: 'mem0',
      items: [
        { content: 'The wiki moved to Confluence in 2023.', external_id: 'm-1', created_at: '2023-04-01T10:00:00Z', tags: ['wiki'] },
        { content: `The CI bot token is ${SECRET}`, external_id: 'm-2' },
        { content: 'the wiki moved to confluence in 2023.', external_id: 'm-3' },
        { content: 'Search is powered by OpenSearch.', external_id: 'm-1' },
        { content: 'Ada prefers dark mode.', kind: 'preference', event_at: '2024-01-02' },
      ],
    });
    expect(res.error).toBeUndefined();
    expect(res.ok.to).toEqual({ scope: `project:${project.id}`, project: { id: project.id, name: 'Knowledge Base' } });
    expect(res.ok.imported.map((i) => i.index)).toEqual([0, 4]);
    expect(res.ok.rejected).toEqual([
      { index: 1, reason: 'secret_content_rejected' },
      { index: 2, reason: 'duplicate' },
      { index: 3, reason: 'already_imported' },
    ]);
    expect(JSON.stringify(res.raw)).not.toContain(SECRET);
    const [row] = await h.deps.database.db.select().from(memories).where(eq(memories.id, res.ok.imported[0]!.id));
    expect(row).toMatchObject({ ownerId: ada.userId, scopeId: project.scopeId, tags: ['wiki'], source: { externalId: 'm-1', sourceSystem: 'mem0' } });
    expect(row!.createdAt.toISOString()).toBe('2023-04-01T10:00:00.000Z');

    // A second run of the same export skips what it brought before.
    const again = await call<Imported>(ada.client, 'import_memory', {
      scope: `project:${project.id}`,
      source_system: 'mem0',
      items: [{ content: 'Something new entirely.', external_id: 'm-1' }, { content: 'Something new entirely.', external_id: 'm-9' }],
    });
    expect(again.ok.imported.map((i) => i.index)).toEqual([1]);
    expect(again.ok.rejected).toEqual([{ index: 0, reason: 'already_imported' }]);
  });

  it('refuses a project name that fits none, a missing target and a reader\'s project', async () => {
    const items = [{ content: 'A fact to import.' }];
    const none = await call(ada.client, 'import_memory', { project_hint: 'payroll', items });
    expect(none.error?.message).toMatch(/^project_hint_unresolvable:/);
    expect(none.error?.details).toMatchObject({ projects: [{ id: project.id, name: 'Knowledge Base' }] });
    expect((await call(ada.client, 'import_memory', { items })).error?.message).toMatch(/^scope_target_required:/);
    expect((await call(bob.client, 'import_memory', { scope: `project:${project.id}`, items })).error?.code).toBe('forbidden');
  });
});

interface Linked {
  action: string;
  entity_relations: { id: string; from: { id: string; name: string; type: string | null }; relation: string; to: { name: string; type: string | null }; created: boolean }[];
}

describe('link (entities)', () => {
  let memory: MemoryView;
  beforeAll(async () => {
    memory = await remembered(ada, { scope: `project:${project.id}`, content: 'Ana owns the billing service.' });
  });

  it('creates entities on first mention, records the mention, and changes nothing when repeated', async () => {
    const args = {
      action: 'entities',
      memory_id: memory.id,
      relations: [{ from: { name: 'Ana', type: 'person' }, relation: 'owns', to: { name: 'billing service' } }],
    };
    const first = await call<Linked>(ada.client, 'link', args);
    expect(first.error).toBeUndefined();
    expect(first.ok.entity_relations[0]).toMatchObject({ from: { name: 'Ana', type: 'person' }, relation: 'owns', to: { name: 'billing service', type: null }, created: true });
    const again = await call<Linked>(ada.client, 'link', { ...args, relations: [{ ...args.relations[0], from: { name: 'ana' } }] });
    expect(again.ok.entity_relations[0]).toMatchObject({ id: first.ok.entity_relations[0]!.id, created: false });
    const mentions = await h.deps.database.db.select().from(memoryEntities).where(eq(memoryEntities.memoryId, memory.id));
    expect(mentions).toHaveLength(2);

    // A type given later types the entity first named without one, instead of doubling it.
    await call<Linked>(ada.client, 'link', {
      action: 'entities',
      scope: `project:${project.id}`,
      relations: [{ from: { name: 'Billing Service', type: 'service' }, relation: 'depends_on', to: { name: 'Postgres', type: 'database' } }],
    });
    const named = await h.deps.database.db.select().from(entities).where(eq(entities.scopeId, project.scopeId));
    expect(named.map((e) => `${e.name}/${e.type}`).sort()).toEqual(['Ana/person', 'Postgres/database', 'billing service/service']);
  });

  it('refuses secrets in entity names without echoing them, and self relations', async () => {
    const res = await call(ada.client, 'link', {
      action: 'entities',
      scope: 'personal',
      relations: [{ from: { name: 'CI bot' }, relation: 'uses', to: { name: SECRET } }],
    });
    expect(res.error?.message).toMatch(/^secret_content_rejected:/);
    expect(res.error?.details).toMatchObject({ field: 'relations[0].to.name' });
    expect(JSON.stringify(res.raw)).not.toContain(SECRET);
    const self = await call(ada.client, 'link', { action: 'entities', scope: 'personal', relations: [{ from: { name: 'X' }, relation: 'is', to: { name: 'x' } }] });
    expect(self.error?.code).toBe('validation_failed');
  });

  it('needs a target, and lets neither a reader nor a stranger write the graph or mentions', async () => {
    const relations = [{ from: { name: 'A' }, relation: 'knows', to: { name: 'B' } }];
    // A transport session of its own: `ada`'s has a project attached by the imports above.
    const fresh = await freshSession(h, ada);
    expect((await call(fresh, 'link', { action: 'entities', relations })).error?.message).toMatch(/^scope_target_required:/);
    await fresh.close();
    expect((await call(bob.client, 'link', { action: 'entities', scope: `project:${project.id}`, relations })).error?.code).toBe('forbidden');
    expect((await call(bob.client, 'link', { action: 'entities', memory_id: memory.id, relations })).error?.code).toBe('forbidden');
    const stranger = await person(h, 'eve@example.com');
    expect((await call(stranger.client, 'link', { action: 'entities', memory_id: memory.id, relations })).error?.code).toBe('not_found');
    await stranger.client.close();
  });
});

describe('link (cards)', () => {
  it('declares relations between cards through the card plane', async () => {
    const { thread } = await projectThread(ada.client, '/home/ada/src/billing');
    const a = await backlogCard(ada.client, thread, 'Retry webhooks');
    const b = await backlogCard(ada.client, thread, 'Webhook dead-letter queue');
    const res = await call<{ action: string; card: { id: string; label: string }; card_relations: { card_id: string; relation: string; declared: boolean }[] }>(
      ada.client,
      'link',
      { action: 'cards', card: a.label, links: [{ card: b.label, relation: 'blocks', reason: 'needs the queue first' }], thread },
    );
    expect(res.error).toBeUndefined();
    expect(res.ok.card).toEqual({ id: a.id, label: a.label });
    expect(res.ok.card_relations).toEqual([expect.objectContaining({ card_id: b.id, relation: 'blocks', declared: true })]);
    const secret = await call(ada.client, 'link', { action: 'cards', card: a.label, links: [{ card: b.label, relation: 'blocks', reason: SECRET }], thread });
    expect(secret.error?.message).toMatch(/^secret_content_rejected:/);
    const wrong = await call(ada.client, 'link', { action: 'cards', card: a.label, relations: [], thread });
    expect(wrong.error?.code).toBe('validation_failed');
  });
});

// The memories page's routes over HTTP: filters by project, kind, language and state; one memory with versions, original and conflicts; bulk forget, move and export; roles.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryView } from '@svc/contract';
import { memories } from '@svc/db';
import { dashboardToken, request } from './helpers/account-data';
import { startHarness, type Harness } from './helpers/harness';
import { closeAll, insertConflict, person, remembered, sharedProject, type Person } from './helpers/library';

interface Row {
  id: string;
  content: string;
  kind: string;
  language: string;
  original: { language: string; content: string } | null;
  status: string;
  loop_state: string | null;
  project: { id: string; name: string | null } | null;
}
type List = { memories: Row[]; languages: string[]; more_unsearched: boolean };

let h: Harness;
let ada: Person;
let bob: Person;
let eve: Person;
const session: Record<string, string> = {};
let project: { id: string; scopeId: string; name: string };
const m = {} as Record<'pipeline' | 'coffee' | 'loop' | 'old' | 'new' | 'german' | 'bobs', MemoryView>;

const GERMAN = 'Wir deployen nie am Freitag, weil das Wochenende sonst leidet.';
const ENGLISH = 'We never deploy on Friday, because the weekend suffers otherwise.';

const list = async (who: string, query: string) => {
  const res = await request<List>(h, 'GET', `/account/memories?${query}`, { token: session[who] });
  expect(res.status, query).toBe(200);
  return res.body;
};
const ids = (l: List) => l.memories.map((r) => r.id).sort();

beforeAll(async () => {
  h = await startHarness();
  [ada, bob, eve] = await Promise.all([person(h, 'ada@example.com'), person(h, 'bob@example.com'), person(h, 'eve@example.com')]);
  for (const [name, p] of [['ada', ada], ['bob', bob], ['eve', eve]] as const) session[name] = await dashboardToken(h.deps.database, p.userId);
  project = await sharedProject(h, 'Ops', ada, [[bob, 'writer'], [eve, 'reader']]);
  m.pipeline = await remembered(ada, { content: 'The deploy pipeline runs on Fridays.', scope: `project:${project.id}`, kind: 'fact' });
  m.coffee = await remembered(ada, { content: 'Ada takes her coffee black.', scope: 'personal', kind: 'preference' });
  m.loop = await remembered(ada, { content: 'Ask the vendor about the invoice export.', scope: 'personal', loop: true });
  m.old = await remembered(ada, { content: 'The staging database is on port 5433.', scope: 'personal' });
  m.new = await remembered(ada, { content: 'The staging database moved to port 6543.', scope: 'personal', supersedes: [m.old.id] });
  m.german = await remembered(ada, { content: GERMAN, scope: 'personal' });
  // What the translation job stores (no language model runs here): the English beside the text as written.
  await h.deps.database.db.update(memories).set({ contentEn: ENGLISH }).where(eq(memories.id, m.german.id));
  m.bobs = await remembered(bob, { content: 'Bob shares the on-call rota in Ops.', scope: `project:${project.id}` });
});
afterAll(async () => {
  await closeAll([ada, bob, eve]);
  await h.close();
});

describe('GET /account/memories filters', () => {
  it('filters by words: a query no memory shares lists nothing', async () => {
    expect((await list('ada', 'q=zqxv%20blorft')).memories).toEqual([]);
    expect(ids(await list('ada', 'q=coffee'))).toEqual([m.coffee.id]);
  });

  it('filters by project, kind and language, and lists the languages there are', async () => {
    expect(ids(await list('ada', `project=${project.id}`))).toEqual([m.pipeline.id, m.bobs.id].sort());
    expect(ids(await list('ada', 'project=personal&kind=preference'))).toEqual([m.coffee.id]);
    const german = await list('ada', 'language=de');
    expect(german.memories).toEqual([expect.objectContaining({ id: m.german.id, language: 'de', content: ENGLISH })]);
    expect(german.languages).toEqual(['de', 'en']);
  });

  it('filters by state: live, open loop, superseded, retired', async () => {
    expect(ids(await list('ada', 'state=open_loop'))).toEqual([m.loop.id]);
    expect(ids(await list('ada', 'state=superseded'))).toEqual([m.old.id]);
    expect((await list('ada', 'state=live')).memories.map((r) => r.id)).not.toContain(m.old.id);
    expect(await list('ada', 'state=retired')).toMatchObject({ memories: [] });
  });

  it('refuses an unknown state, kind or a malformed language with validation_failed', async () => {
    for (const query of ['state=gone', 'kind=poem', 'language=DE!', 'project=billing']) {
      const res = await request<{ error: { code: string } }>(h, 'GET', `/account/memories?${query}`, { token: session.ada });
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});

describe('GET /account/memories/:id', () => {
  it('shows the original text and its language beside the English', async () => {
    const res = await request<{ memory: Row & { owned: boolean } }>(h, 'GET', `/account/memories/${m.german.id}`, { token: session.ada });
    expect(res.status).toBe(200);
    expect(res.body.memory).toMatchObject({ content: ENGLISH, language: 'de', original: { language: 'de', content: GERMAN }, owned: true });
  });

  it('shows the versions of a superseded chain and the supersedes links', async () => {
    const res = await request<{ memory: Row & { superseded_by: string[] }; history: { versions: Row[]; current: string } }>(
      h,
      'GET',
      `/account/memories/${m.old.id}`,
      { token: session.ada },
    );
    expect(res.body.memory).toMatchObject({ status: 'superseded', superseded_by: [m.new.id] });
    expect(res.body.history.versions.map((v) => v.id)).toEqual([m.old.id, m.new.id]);
    expect(res.body.history.current).toBe(m.new.id);
  });

  it("is not_found for another person's memory", async () => {
    const res = await request<{ error: { code: string } }>(h, 'GET', `/account/memories/${m.coffee.id}`, { token: session.bob });
    expect(res.status).toBe(404);
  });
});

describe('conflicts on the memory page', () => {
  it('lists the conflicts a memory is in and settles one by keeping a side', async () => {
    const a = await remembered(ada, { content: 'The backup window is at 02:00.', scope: 'personal' });
    const b = await remembered(ada, { content: 'The backup window is at 04:00.', scope: 'personal' });
    const conflict = await insertConflict(h, ada.userId, a.id, b.id);
    const shown = await request<{ conflicts: { id: string; status: string; a: Row; b: Row }[] }>(h, 'GET', `/account/memories/${a.id}`, {
      token: session.ada,
    });
    expect(shown.body.conflicts).toEqual([expect.objectContaining({ id: conflict, status: 'open', a: expect.objectContaining({ id: a.id }) })]);

    const settled = await request<{ results: { outcome: string; kept: string[]; superseded: string[] }[] }>(
      h,
      'POST',
      `/account/conflicts/${conflict}/resolve`,
      { token: session.ada, body: { keep: 'b' } },
    );
    expect(settled.status).toBe(200);
    expect(settled.body.results).toEqual([expect.objectContaining({ outcome: 'resolved', kept: [b.id], superseded: [a.id] })]);
    const again = await request<{ error: { code: string; message: string } }>(h, 'POST', `/account/conflicts/${conflict}/resolve`, {
      token: session.ada,
      body: { keep: 'a' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
    const bad = await request<{ error: { code: string } }>(h, 'POST', `/account/conflicts/${conflict}/resolve`, {
      token: session.ada,
      body: { keep: 'merge' },
    });
    expect(bad.body.error.code).toBe('validation_failed');
  });
});

describe('bulk forget, move and export', () => {
  it("moves only the person's own memories, into scopes they can write", async () => {
    const moved = await request<{ moved: string[]; skipped: { id: string; reason: string }[] }>(h, 'POST', '/account/memories/bulk', {
      token: session.ada,
      body: { action: 'move', ids: [m.coffee.id, m.bobs.id], scope: `project:${project.id}` },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.moved).toEqual([m.coffee.id]);
    expect(moved.body.skipped).toEqual([{ id: m.bobs.id, reason: 'forbidden' }]);
    // A reader cannot move into the project at all.
    const mine = await remembered(eve, { content: 'Eve keeps notes in a paper diary.', scope: 'personal' });
    const refused = await request<{ error: { code: string } }>(h, 'POST', '/account/memories/bulk', {
      token: session.eve,
      body: { action: 'move', ids: [mine.id], scope: `project:${project.id}` },
    });
    expect(refused.status).toBe(403);
  });

  it('lets a writer forget a shared memory, and a reader not', async () => {
    const reader = await request<{ retired: string[]; skipped: { reason: string }[] }>(h, 'POST', '/account/memories/bulk', {
      token: session.eve,
      body: { action: 'forget', ids: [m.pipeline.id] },
    });
    expect(reader.body).toMatchObject({ retired: [], skipped: [{ reason: 'forbidden' }] });
    const writer = await request<{ retired: string[] }>(h, 'POST', '/account/memories/bulk', {
      token: session.bob,
      body: { action: 'forget', ids: [m.pipeline.id], reason: 'the pipeline moved to Mondays' },
    });
    expect(writer.body.retired).toEqual([m.pipeline.id]);
    expect(ids(await list('ada', 'state=retired'))).toEqual([m.pipeline.id]);
  });

  it('exports whole memories with their original, and leaves out what the person cannot see', async () => {
    const res = await request<{ memories: MemoryView[] }>(h, 'POST', '/account/memories/export', {
      token: session.bob,
      body: { ids: [m.german.id, m.bobs.id] },
    });
    expect(res.body.memories.map((v) => v.id)).toEqual([m.bobs.id]);
    const own = await request<{ memories: MemoryView[] }>(h, 'POST', '/account/memories/export', {
      token: session.ada,
      body: { ids: [m.german.id] },
    });
    expect(own.body.memories[0]).toMatchObject({ content: ENGLISH, original: { language: 'de', content: GERMAN } });
  });
});

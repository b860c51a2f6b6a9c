import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverWithUsers } from './helpers/fixture';
import type { Harness } from './helpers/harness';
import { insertConflict } from './helpers/library';
import { call, connect, newUserToken } from './helpers/mcp-client';

const fx = serverWithUsers(['ada', 'bob']);
let h: Harness;
let ada: Client;
let bob: Client;
beforeAll(() => {
  ({ h } = fx);
  ({ ada, bob } = fx.users);
});

interface Remembered {
  memory: { id: string; content: string; scope: string; status: string; loop_state: string | null };
  created: boolean;
  duplicate_of: string | null;
  superseded: string[];
  pending: string[];
  session: { attached_project: { id: string; name: string } | null; thread?: string };
}

describe('tools/list', () => {
  it('lists working tools with output schemas and openWorldHint false, never delete_account', async () => {
    const { tools } = await ada.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['remember', 'recall', 'build_context', 'forget', 'close_loop', 'restore_memory']));
    expect(names).not.toContain('delete_account');
    for (const tool of tools) {
      expect(tool.annotations?.openWorldHint).toBe(false);
      expect(tool.outputSchema?.type).toBe('object');
      expect(Buffer.byteLength(tool.description ?? '')).toBeLessThanOrEqual(2048);
    }
  });

  it('answers delete_account as an unknown tool', async () => {
    await expect(ada.callTool({ name: 'delete_account', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });
});

describe('remember and recall', () => {
  let thread = '';
  let projectId = '';

  it('refuses a write with no target, listing the caller\'s projects, and counts it', async () => {
    const before = (await h.deps.metrics.writeRefused.get()).values.find((v) => v.labels.reason === 'scope_target_required')?.value ?? 0;
    const res = await call(ada, 'remember', { content: 'The deploy runs on Fridays.' });
    expect(res.error?.code).toBe('validation_failed');
    expect(res.error?.message).toMatch(/^scope_target_required:/);
    expect(res.error?.details).toMatchObject({ refusal: 'scope_target_required', projects: [] });
    const after = (await h.deps.metrics.writeRefused.get()).values.find((v) => v.labels.reason === 'scope_target_required')?.value ?? 0;
    expect(after).toBe(before + 1);
  });

  it('sets up a project from a repository path and attaches it to a new thread', async () => {
    const res = await call<Remembered>(ada, 'remember', {
      content: 'The deploy pipeline runs on Fridays at 16:00 UTC.',
      project_hint: '/home/ada/src/memory-service',
    });
    expect(res.error).toBeUndefined();
    expect(res.ok.created).toBe(true);
    // The contradiction check continues on the queue after the answer.
    expect(res.ok.pending).toEqual(['conflict_check']);
    expect(res.ok.session.attached_project?.name).toBe('memory-service');
    expect(res.ok.session.thread).toMatch(/^thr_/);
    thread = res.ok.session.thread!;
    projectId = res.ok.session.attached_project!.id;
    expect(res.ok.memory.scope).toBe(`project:${projectId}`);
    // compact JSON mirror, then the footer with the session line
    const [mirror, footer] = res.raw.content;
    expect(mirror?.type === 'text' && JSON.parse(mirror.text)).toEqual(res.ok);
    expect(footer?.type === 'text' && footer.text).toContain('attached to project "memory-service"');
  });

  it('keeps the project across a reconnect through the thread token', async () => {
    const fresh = await connect(h.url, (await newUserToken(h.deps.database, 'ada2@example.com')).token);
    const stranger = await call<Remembered>(fresh, 'remember', { content: 'Unrelated fact.', thread });
    // another user's thread selects nothing: the write still needs a target
    expect(stranger.error?.message).toMatch(/^scope_target_required:/);
    await fresh.close();

    const res = await call<Remembered>(ada, 'remember', { content: 'Releases are tagged vX.Y.Z.', thread });
    expect(res.ok.memory.scope).toBe(`project:${projectId}`);
  });

  it('returns the existing twin instead of storing the same content again', async () => {
    const res = await call<Remembered>(ada, 'remember', { content: 'the deploy pipeline runs on  Fridays at 16:00 UTC.', thread });
    expect(res.ok.created).toBe(false);
    expect(res.ok.duplicate_of).toBe(res.ok.memory.id);
    // Nothing was written, so nothing was sent on.
    expect(res.ok.pending).toEqual([]);
  });

  it('sends a memory in another language straight to its check when no language model is configured', async () => {
    const res = await call<Remembered & { memory: { language: string } }>(ada, 'remember', {
      content: 'Wir haben beschlossen, am Freitag nicht mehr zu deployen, weil das Wochenende sonst leidet.',
      scope: 'personal',
    });
    expect(res.ok.memory.language).toBe('de');
    expect(res.ok.pending).toEqual(['conflict_check']);
  });

  it('recalls by meaning of words, with resource links and the durable-facts reminder', async () => {
    const res = await call<{ results: { memory: { id: string; uri: string }; score: number; why: string }[] }>(ada, 'recall', {
      query: 'when does the deploy run?',
      thread,
    });
    expect(res.ok.results[0]?.memory.uri).toMatch(/^svc:\/\/memory\//);
    const links = res.raw.content.filter((c) => c.type === 'resource_link');
    expect(links.map((l) => (l as { uri: string }).uri)).toContain(res.ok.results[0]!.memory.uri);
    const footer = res.raw.content.find((c) => c.type === 'text' && c.text.startsWith('Session:'));
    expect(footer?.type === 'text' && footer.text).toMatch(/Reminder: store durable facts/);
  });

  it('refuses k above 100 with validation_failed in the error body', async () => {
    const res = await call(ada, 'recall', { query: 'deploy', k: 101 });
    expect(res.raw.isError).toBe(true);
    expect(res.error?.code).toBe('validation_failed');
    expect((await call(ada, 'recall', { query: 'deploy', k: 100 })).error).toBeUndefined();
  });

  it('refuses secrets in content without echoing them', async () => {
    // Built at run time so the repository holds no token-shaped string.
    const secret = ['ghp', 'R8xQ2mZp7Lk4Vn9Tb3Wc6Yd1Hf5Js0Ga2Ue8'].join('_');
    const res = await call(ada, 'remember', { content: `use token ${secret} for the CI bot`, thread });
    expect(res.error?.message).toMatch(/^secret_content_rejected:/);
    expect(JSON.stringify(res.raw)).not.toContain(secret);
  });

  it('refuses a project name that fits none of the caller\'s projects', async () => {
    const res = await call(ada, 'remember', { content: 'x is y', project_hint: 'nonexistent' });
    expect(res.error?.message).toMatch(/^project_hint_unresolvable:/);
    expect(res.error?.details).toMatchObject({ projects: [{ id: projectId, name: 'memory-service' }] });
  });

  it('matches a project by its initials and treats an unknown name as absent on reads', async () => {
    expect((await call<Remembered>(ada, 'remember', { content: 'Staging is at staging.example.org.', project_hint: 'ms' })).ok.memory.scope).toBe(`project:${projectId}`);
    const read = await call<{ notes: string[] }>(ada, 'recall', { query: 'staging', project_hint: 'nonexistent' });
    expect(read.error).toBeUndefined();
    expect(read.ok.notes.join(' ')).toMatch(/fits none/);
  });

  it('isolates users: another user finds nothing and may not target the project', async () => {
    const res = await call<{ results: unknown[] }>(bob, 'recall', { query: 'deploy Fridays' });
    expect(res.ok.results).toEqual([]);
    const write = await call(bob, 'remember', { content: 'sneaky', scope: `project:${projectId}` });
    expect(write.error?.code).toBe('forbidden');
  });
});

describe('the check remember names in pending', () => {
  it('records a contradiction with a stored memory after the answer, which list_conflicts then shows', async () => {
    const first = await call<Remembered>(bob, 'remember', { content: 'The staging database runs on the old cluster.', scope: 'personal' });
    const denial = await call<Remembered>(bob, 'remember', { content: 'The staging database no longer runs on the old cluster.', scope: 'personal' });
    expect(denial.ok.pending).toEqual(['conflict_check']);
    type Listed = { conflicts: { kind: string; a: { id: string }; b: { id: string } }[] };
    await expect
      .poll(async () => (await call<Listed>(bob, 'list_conflicts', {})).ok.conflicts, { timeout: 20_000, interval: 100 })
      .toEqual([
        expect.objectContaining({
          kind: 'contradiction',
          a: expect.objectContaining({ id: expect.toBeOneOf([first.ok.memory.id, denial.ok.memory.id]) }),
          b: expect.objectContaining({ id: expect.toBeOneOf([first.ok.memory.id, denial.ok.memory.id]) }),
        }),
      ]);
  });

  type Listed = { conflicts: { kind: string; a: { id: string }; b: { id: string } }[] };
  const pairOf = (c: Listed['conflicts'][number]) => [c.a.id, c.b.id].sort();

  it('checks imported memories the same way: a contradiction within an import is listed', async () => {
    const carol = await connect(h.url, (await newUserToken(h.deps.database, 'carol-import@example.com')).token);
    const res = await call<{ imported: { index: number; id: string }[] }>(carol, 'import_memory', {
      scope: 'personal',
      items: [{ content: 'The invoice job runs on the reporting replica.' }, { content: 'The invoice job no longer runs on the reporting replica.' }],
    });
    const ids = res.ok.imported.map((i) => i.id).sort();
    expect(ids).toHaveLength(2);
    await expect
      .poll(async () => (await call<Listed>(carol, 'list_conflicts', {})).ok.conflicts.map(pairOf), { timeout: 20_000, interval: 100 })
      .toEqual([ids]);
    await carol.close();
  });

  it('checks a memory merged by resolve_conflicts against the memories around it', async () => {
    const dave = await newUserToken(h.deps.database, 'dave-merge@example.com');
    const client = await connect(h.url, dave.token);
    const kept = await call<Remembered>(client, 'remember', { content: 'The search cluster runs on the spare hardware.', scope: 'personal' });
    const a = await call<Remembered>(client, 'remember', { content: 'Retro notes are kept in the wiki.', scope: 'personal' });
    const b = await call<Remembered>(client, 'remember', { content: 'Retro notes are kept in the drive.', scope: 'personal' });
    const settled = await insertConflict(h, dave.userId, a.ok.memory.id, b.ok.memory.id);
    const res = await call<{ results: { created: string | null }[] }>(client, 'resolve_conflicts', {
      choices: [{ conflict_id: settled, keep: 'merge', merged_content: 'The search cluster no longer runs on the spare hardware.' }],
    });
    const merged = res.ok.results[0]!.created!;
    await expect
      .poll(async () => (await call<Listed>(client, 'list_conflicts', {})).ok.conflicts.map(pairOf), { timeout: 20_000, interval: 100 })
      .toEqual([[kept.ok.memory.id, merged].sort()]);
    await client.close();
  });
});

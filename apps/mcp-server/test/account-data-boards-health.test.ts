// The boards pages' routes (every board, one card with its log, a move by the card tool's rules) and GET /account/health, over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, directoryTarget } from '@svc/backup';
import { dashboardToken, request } from './helpers/account-data';
import { card, projectThread } from './helpers/cards';
import { startHarness, type Harness } from './helpers/harness';
import { closeAll, person, type Person } from './helpers/library';
import { call } from './helpers/mcp-client';
import { instanceOwnerId, setProjectMember } from '@svc/db';

let h: Harness;
let ada: Person;
let bob: Person;
let eve: Person;
const session: Record<string, string> = {};
let projectId = '';
let thread = '';
let label = '';
const backupDir = mkdtempSync(join(tmpdir(), 'svc-health-backups-'));

interface Refusal {
  error: { code: string; message: string; details?: { refusal?: string } };
}

beforeAll(async () => {
  // Read per request, as `svc backup list` reads it.
  process.env.BACKUP_DIR = backupDir;
  h = await startHarness();
  [ada, bob, eve] = await Promise.all([person(h, 'ada@example.com'), person(h, 'bob@example.com'), person(h, 'eve@example.com')]);
  for (const [name, p] of [['ada', ada], ['bob', bob], ['eve', eve]] as const) session[name] = await dashboardToken(h.deps.database, p.userId);
  ({ thread, projectId } = await projectThread(ada.client, '/home/ada/src/billing'));
  await setProjectMember(h.deps.database.db, projectId, eve.userId, 'reader');
  const made = await card(ada.client, { action: 'create', title: 'Retry webhooks', body: 'Retries back off.', type: 'bug', no_links: 'first card', thread });
  label = made.ok.card.label;
  await call(ada.client, 'card_log', { card: label, note: 'Found the cause in the queue.', thread });
});
afterAll(async () => {
  delete process.env.BACKUP_DIR;
  await closeAll([ada, bob, eve]);
  await h.close();
  rmSync(backupDir, { recursive: true, force: true });
});

describe('GET /account/boards', () => {
  it("lists the person's boards with the count of each state, and no one else's", async () => {
    const res = await request<{ boards: { project: { id: string; name: string; role: string }; counts: Record<string, number> }[] }>(
      h,
      'GET',
      '/account/boards',
      { token: session.ada },
    );
    expect(res.status).toBe(200);
    expect(res.body.boards).toEqual([
      { project: { id: projectId, name: 'billing', role: 'owner' }, counts: { backlog: 1, active: 0, review: 0, done: 0, dropped: 0 } },
    ]);
    expect((await request<{ boards: unknown[] }>(h, 'GET', '/account/boards', { token: session.bob })).body.boards).toEqual([]);
  });
});

describe('one card', () => {
  it('shows the card as board resolve does, with its log newest first', async () => {
    const res = await request<{ card: { label: string; title: string; body: string; type: string; state: string }; log: { note: string }[] }>(
      h,
      'GET',
      `/account/boards/${projectId}/cards/${label}`,
      { token: session.ada },
    );
    expect(res.status).toBe(200);
    expect(res.body.card).toMatchObject({ label, title: 'Retry webhooks', body: 'Retries back off.', type: 'bug', state: 'backlog' });
    expect(res.body.log.map((e) => e.note)).toEqual(['Found the cause in the queue.']);
    const stranger = await request(h, 'GET', `/account/boards/${projectId}/cards/${label}`, { token: session.bob });
    expect(stranger.status).toBe(404);
    const unknown = await request(h, 'GET', `/account/boards/${projectId}/cards/SVC-999`, { token: session.ada });
    expect(unknown.status).toBe(404);
  });

  it("moves a card by the card tool's rules, answering its refusal with the reason", async () => {
    const path = `/account/boards/${projectId}/cards/${label}/move`;
    const refused = await request<Refusal>(h, 'POST', path, { token: session.ada, body: { state: 'active' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^branch_required/);
    const moved = await request<{ card: { state: string } }>(h, 'POST', path, {
      token: session.ada,
      body: { state: 'active', no_branch: 'a configuration change only' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.card.state).toBe('active');
    // The reader sees the card but cannot move it.
    const reader = await request<Refusal>(h, 'POST', path, { token: session.eve, body: { state: 'review' } });
    expect(reader.status).toBe(403);
    const bad = await request<Refusal>(h, 'POST', path, { token: session.ada, body: { state: 'finished' } });
    expect(bad.body.error.code).toBe('validation_failed');
  });
});

interface Health {
  operator: boolean;
  jobs: { job: string; schedule: string | null; last_outcome: string | null }[];
  backups: { count: number; latest: { id: string; created_at: string } | null; error: string | null } | null;
  alarms: { open: { alarm: string; incident: string }[]; raised_since_start: { alarm: string; count: number }[] } | null;
  language_model: { configured: boolean; model: string | null; summary: string };
}

describe('GET /account/health', () => {
  /** The instance's owner (the oldest account; the three were made at once) and someone else. */
  async function ownerAndOther(): Promise<[string, string]> {
    const ownerId = await instanceOwnerId(h.deps.database.db);
    const byId = new Map([[ada.userId, session.ada!], [bob.userId, session.bob!], [eve.userId, session.eve!]]);
    const other = [...byId].find(([id]) => id !== ownerId)!;
    return [byId.get(ownerId!)!, other[1]];
  }

  it('shows the owner the jobs as svc jobs lists them, the latest backup, open alarms, and that no language model is configured', async () => {
    const [owner] = await ownerAndOther();
    const before = await request<Health>(h, 'GET', '/account/health', { token: owner });
    expect(before.status).toBe(200);
    expect(before.body.backups).toMatchObject({ count: 0, latest: null, error: null });
    expect(before.body.language_model).toEqual({
      configured: false,
      model: null,
      summary: 'language model: off (LLM_BASE_URL unset): no translation, extraction uses the offline extractor, hygiene uses its word checks only',
    });

    await h.deps.jobs.start();
    const made = await createBackup({ database: h.deps.database, target: directoryTarget(backupDir), now: new Date(), reason: 'manual' });
    await h.deps.database.db.execute(sql`insert into public.alarm_incidents (alarm, incident) values ('backup_missing', 'none-since-yesterday')`);
    h.deps.alarms.raise('backup_missing', { message: 'No backup in 26 hours.' });

    const after = await request<Health>(h, 'GET', '/account/health', { token: owner });
    expect(after.body.operator).toBe(true);
    expect(after.body.jobs).toContainEqual(expect.objectContaining({ job: 'usage-upkeep', schedule: '10 0 * * *' }));
    // Woken by writes, and on a schedule for what a stopped process left due.
    expect(after.body.jobs).toContainEqual(expect.objectContaining({ job: 'check-memory', schedule: '*/10 * * * *' }));
    expect(after.body.backups).toMatchObject({ count: 1, latest: { id: made.id }, error: null });
    expect(after.body.alarms!.open).toEqual([expect.objectContaining({ alarm: 'backup_missing', incident: 'none-since-yesterday' })]);
    expect(after.body.alarms!.raised_since_start).toEqual([{ alarm: 'backup_missing', count: 1 }]);
  });

  it('shows anyone else only whether a language model is configured: jobs, backups and alarms are the operator\'s', async () => {
    const [, other] = await ownerAndOther();
    const res = await request<Health>(h, 'GET', '/account/health', { token: other });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ operator: false, jobs: [], backups: null, alarms: null, language_model: { configured: false } });
  });

  it('needs a dashboard session', async () => {
    const res = await request(h, 'GET', '/account/health');
    expect(res.status).toBe(401);
  });
});

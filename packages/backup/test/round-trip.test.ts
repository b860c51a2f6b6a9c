// Backup → restore into an empty database → identical rows in every table, on this leg's storage.
import { mkdtemp, readdir, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, DatabaseLane } from '@svc/db';
import { currentDatabaseLane, openDatabase, rowsOf } from '@svc/db';
import { openTestDatabase, testStorage } from '@svc/db/testing';
import { ServiceError } from '@svc/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, directoryTarget, listBackups, readManifest, restoreBackup, verifyBackup, type BackupTarget } from '../src/index';
import { rowHashes, seedEverything, tapPuts } from './support';

let source: Database;
let dir: string;
let target: BackupTarget;

beforeAll(async () => {
  source = await openTestDatabase();
  await seedEverything(source);
  dir = await mkdtemp(join(tmpdir(), 'svc-backup-'));
  target = directoryTarget(dir);
});

afterAll(async () => {
  await source.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function withEmptyDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openTestDatabase();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

describe('a backup restored into an empty database', () => {
  it('gives identical row hashes in every table, and search keeps working', async () => {
    const before = await rowHashes(source);
    expect(before.memories?.rows).toBe(25);
    expect(before.memory_search_docs?.rows, 'the triggers derived search documents').toBeGreaterThan(0);
    expect(before.usage_events?.rows).toBe(4);
    const backup = await createBackup({ database: source, target, now: new Date(), reason: 'manual' });
    const manifest = await readManifest(target, backup.id);
    expect(manifest.tables.find((t) => t.name === 'memories')?.rows).toBe(25);
    expect(manifest.tables.find((t) => t.name === 'memories')?.columns.map((c) => c.name)).not.toContain('tsv');
    expect(manifest.tables.map((t) => t.name)).not.toContain('usage_events_default');

    await withEmptyDatabase(async (empty) => {
      await restoreBackup({ database: empty, target, id: backup.id });
      expect(await rowHashes(empty)).toEqual(before);
      // The identity sequence continues after the restored rows instead of colliding with them.
      const seq = await empty.db.execute(sql`select nextval(pg_get_serial_sequence('memory_search_docs', 'seq'))::int as n`);
      const max = await empty.db.execute(sql`select max(seq)::int as n from memory_search_docs`);
      expect((seq as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe((max as unknown as { rows: { n: number }[] }).rows[0]!.n + 1);
      // Triggers are back on: a new memory gets its search document.
      const docs = await empty.db.execute(sql`select count(*)::int as n from memory_search_docs`);
      await empty.db.execute(sql`insert into memories (owner_id, scope_id, content) select owner_id, scope_id, 'after restore' from memories limit 1`);
      const after = await empty.db.execute(sql`select count(*)::int as n from memory_search_docs`);
      expect((after as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe((docs as unknown as { rows: { n: number }[] }).rows[0]!.n + 1);
    });
  });

  it('stores the tables after its snapshot has ended, and leaves no spool behind', async () => {
    // The embedded database has one connection: a query waits while any transaction is open.
    const spoolParent = await mkdtemp(join(tmpdir(), 'svc-spool-test-'));
    const tmp = process.env.TMPDIR;
    process.env.TMPDIR = spoolParent;
    const answeredDuringPut: boolean[] = [];
    // Checked until one is not answered: inside an open snapshot it would never be.
    const waiting = tapPuts(target, {
      async before() {
        if (answeredDuringPut.includes(false)) return;
        const answer = source.db.execute(sql`select 1`).then(() => true);
        const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 3000).unref());
        answeredDuringPut.push(await Promise.race([answer, timeout]));
      },
    });
    try {
      const backup = await createBackup({ database: source, target: waiting, now: new Date(), reason: 'manual' });
      expect(answeredDuringPut.every(Boolean), 'a query during put was answered (no transaction open)').toBe(true);
      expect(answeredDuringPut.length, 'checked for every table').toBeGreaterThan(10);
      expect((await verifyBackup({ target, id: backup.id })).ok).toBe(true);
      expect(await readdir(spoolParent), 'the spool directory is removed').toEqual([]);

      const aborted = new AbortController();
      aborted.abort();
      const refused = await createBackup({ database: source, target, now: new Date(), reason: 'manual', signal: aborted.signal }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Error);
      expect(await readdir(spoolParent), 'and removed when the backup fails').toEqual([]);
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
      await rm(spoolParent, { recursive: true, force: true });
    }
  });

  it('leaves none of the tables it copied inside the snapshot, whether it completes or is stopped', async () => {
    // The embedded default copies each table into a temporary one and reads it after the snapshot.
    const copies = async () =>
      rowsOf<{ n: number }>(await source.db.execute(sql`select count(*)::int as n from pg_class where relname like 'svc\_backup\_%' and relpersistence = 't'`))[0]!.n;
    await createBackup({ database: source, target, now: new Date(), reason: 'manual' });
    expect(await copies()).toBe(0);
    const cap = new AbortController();
    const stopping = tapPuts(target, { after: (puts) => puts === 2 && cap.abort(new Error('job cap reached')) });
    await expect(createBackup({ database: source, target: stopping, now: new Date(), reason: 'manual', signal: cap.signal })).rejects.toThrow(/job cap/);
    expect(await copies()).toBe(0);
  });

  it.runIf(testStorage() === 'embedded')("reads its copies' text forms in the database thread's background lane, after the service's calls", async () => {
    const original = source.appendLines;
    const lanes: DatabaseLane[] = [];
    source.appendLines = (text, path) => {
      lanes.push(currentDatabaseLane());
      return original.call(source, text, path);
    };
    try {
      await createBackup({ database: source, target, now: new Date(), reason: 'manual' });
    } finally {
      source.appendLines = original;
    }
    expect(lanes.length).toBeGreaterThan(0);
    expect(new Set(lanes)).toEqual(new Set(['background']));
  });

  it('refuses a database that holds data, and replaces it with force', async () => {
    const [latest] = await listBackups(target);
    const before = await rowHashes(source);
    await withEmptyDatabase(async (other) => {
      await seedEverything(other);
      const refused = await restoreBackup({ database: other, target, id: latest!.id }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ServiceError);
      expect((refused as ServiceError).code).toBe('conflict');
      expect((refused as ServiceError).message).toMatch(/not empty/);
      await restoreBackup({ database: other, target, id: latest!.id, force: true });
      expect(await rowHashes(other)).toEqual(before);
    });
  });

  it('verify passes a sound backup and names a corrupted file; restore refuses it and changes nothing', async () => {
    const backup = await createBackup({ database: source, target, now: new Date(), reason: 'daily' });
    expect(await verifyBackup({ target, id: backup.id })).toMatchObject({ ok: true, problems: [] });
    const file = join(dir, backup.id, 'memories.jsonl.gz');
    const bytes = await readFile(file);
    bytes[bytes.length - 12] = bytes[bytes.length - 12]! ^ 0xff;
    await writeFile(file, bytes);
    const result = await verifyBackup({ target, id: backup.id });
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(/memories\.jsonl\.gz: checksum mismatch/);
    await withEmptyDatabase(async (empty) => {
      const refused = await restoreBackup({ database: empty, target, id: backup.id }).catch((e: unknown) => e);
      expect((refused as ServiceError).code).toBe('conflict');
      const users = await empty.db.execute(sql`select count(*)::int as n from users`);
      expect((users as unknown as { rows: { n: number }[] }).rows[0]!.n, 'the failed restore rolled back whole').toBe(0);
    });
  });

  it('verify names a missing file and restore refuses it, each leaving no fetched file behind', async () => {
    const backup = await createBackup({ database: source, target, now: new Date(), reason: 'daily' });
    await rm(join(dir, backup.id, 'cards.jsonl.gz'));
    const scratch = await mkdtemp(join(tmpdir(), 'svc-fetch-test-'));
    const tmp = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
    try {
      const result = await verifyBackup({ target, id: backup.id });
      expect(result.ok).toBe(false);
      expect(result.problems).toEqual([expect.stringMatching(/^cards\.jsonl\.gz: Backup .* has no cards\.jsonl\.gz/)]);
      await withEmptyDatabase(async (empty) => {
        const refused = await restoreBackup({ database: empty, target, id: backup.id }).catch((e: unknown) => e);
        expect((refused as ServiceError).code).toBe('not_found');
        expect(rowsOf<{ n: number }>(await empty.db.execute(sql`select count(*)::int as n from users`))[0]!.n).toBe(0);
      });
      expect(await readdir(scratch), 'verify and restore remove what they fetched').toEqual([]);
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('refuses a database at another migration level, naming both', async () => {
    const [latest] = await listBackups(target);
    await withEmptyDatabase(async (other) => {
      // As if this database had been made by a later version of the service.
      await other.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-later-version', 9999999999999)`);
      const refused = await restoreBackup({ database: other, target, id: latest!.id }).catch((e: unknown) => e);
      expect((refused as ServiceError).code).toBe('conflict');
      expect((refused as ServiceError).message).toMatch(/taken at migration \d+ and this database is at \d+/);
    });
  });

  it('refuses an id that is not one, and a backup that does not exist', async () => {
    const bad = await verifyBackup({ target, id: '../etc' }).catch((e: unknown) => e);
    expect((bad as ServiceError).code).toBe('validation_failed');
    const missing = await verifyBackup({ target, id: '20200101T000000Z-daily-abcdef' }).catch((e: unknown) => e);
    expect((missing as ServiceError).code).toBe('not_found');
  });

  it.runIf(testStorage() === 'postgres')('restores a backup of the embedded default into PostgreSQL with identical rows', async () => {
    const embedded = await openDatabase({ dataDir: 'memory://' });
    try {
      await seedEverything(embedded);
      const backup = await createBackup({ database: embedded, target, now: new Date(), reason: 'manual' });
      await withEmptyDatabase(async (server) => {
        expect(server.kind).toBe('server');
        await restoreBackup({ database: server, target, id: backup.id });
        expect(await rowHashes(server)).toEqual(await rowHashes(embedded));
      });
    } finally {
      await embedded.close();
    }
  });
});

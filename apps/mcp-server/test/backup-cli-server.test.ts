// `svc backup` in server mode (DATABASE_URL), and an embedded backup grown into PostgreSQL: the PostgreSQL leg only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabaseUrl, testStorage, type TestDatabaseUrl } from '@svc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli } from './helpers/cli';

const ID = /created (\d{8}T\d{6}Z-manual-[0-9a-f]{6}) in /;

describe.runIf(testStorage() === 'postgres')('svc backup with DATABASE_URL', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-backup-server-'));
  const backups = join(root, 'backups');
  const embedded = cliEnv({ DATA_DIR: join(root, 'data'), BACKUP_DIR: backups });
  let source: TestDatabaseUrl;
  let target: TestDatabaseUrl;
  const server = (db: TestDatabaseUrl) => cliEnv({ DATABASE_URL: db.url, BACKUP_DIR: backups, DATABASE_WAIT_SECONDS: '0' });

  beforeAll(async () => {
    source = await createTestDatabaseUrl();
    target = await createTestDatabaseUrl();
  });
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('backs up one database and restores it into an empty one, refusing a non-empty one without --force', async () => {
    expect((await runCli(['user', 'add', 'pat@example.com', '--no-password'], server(source))).code).toBe(0);
    const created = await runCli(['backup', 'create'], server(source));
    expect(created.code, created.stderr).toBe(0);
    const id = ID.exec(created.stdout)?.[1] ?? '';
    expect((await runCli(['backup', 'verify', id], server(source))).code).toBe(0);
    const restored = await runCli(['backup', 'restore', id], server(target));
    expect(restored.code, restored.stderr).toBe(0);
    expect((await runCli(['token', 'create', '--user', 'pat@example.com'], server(target))).code).toBe(0);
    const refused = await runCli(['backup', 'restore', id], server(target));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/svc: conflict: The database is not empty/);
    const forced = await runCli(['backup', 'restore', id, '--force'], server(target));
    expect(forced.code, forced.stderr).toBe(0);
  }, 180_000);

  it('restores a backup of the embedded default into PostgreSQL (growing from one machine to a server)', async () => {
    expect((await runCli(['user', 'add', 'kim@example.com', '--no-password'], embedded)).code).toBe(0);
    const created = await runCli(['backup', 'create'], embedded);
    const id = ID.exec(created.stdout)?.[1] ?? '';
    expect(id, created.stderr).not.toBe('');
    const restored = await runCli(['backup', 'restore', id, '--force'], server(target));
    expect(restored.code, restored.stderr).toBe(0);
    expect((await runCli(['token', 'create', '--user', 'kim@example.com'], server(target))).code).toBe(0);
    const gone = await runCli(['token', 'create', '--user', 'pat@example.com'], server(target));
    expect(gone.stderr, 'the forced restore replaced what the database held').toMatch(/not_found/);
  }, 180_000);
});

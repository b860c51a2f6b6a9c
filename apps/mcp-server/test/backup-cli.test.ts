// `svc backup` end to end on the embedded default: create, list, verify and restore as an operator runs them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, runCli, startServe, stop } from './helpers/cli';

const root = mkdtempSync(join(tmpdir(), 'svc-backup-cli-'));
const backups = join(root, 'backups');
const envA = cliEnv({ DATA_DIR: join(root, 'a'), BACKUP_DIR: backups });
const envB = cliEnv({ DATA_DIR: join(root, 'b'), BACKUP_DIR: backups });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ID = /created (\d{8}T\d{6}Z-manual-[0-9a-f]{6}) in /;

describe('svc backup on the embedded default', () => {
  let first = '';

  it('creates, lists and verifies a backup of a data directory', async () => {
    expect((await runCli(['user', 'add', 'lin@example.com', '--no-password'], envA)).code).toBe(0);
    const created = await runCli(['backup', 'create'], envA);
    expect(created.code, created.stderr).toBe(0);
    first = ID.exec(created.stdout)?.[1] ?? '';
    expect(first, created.stdout).not.toBe('');
    expect(created.stdout).toContain(backups);
    const listed = await runCli(['backup', 'list'], envA);
    expect(listed.stdout).toContain(first);
    const verified = await runCli(['backup', 'verify', first], envA);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(new RegExp(`^ok ${first}: \\d+ tables`));
  }, 120_000);

  it('backs up through a running server, and refuses to restore while it holds the data', async () => {
    const { child } = await startServe(envA);
    try {
      const created = await runCli(['backup', 'create'], envA);
      expect(created.code, created.stderr).toBe(0);
      // The server may add its own after-deploy backup meanwhile: the listing holds both made here.
      const listed = (await runCli(['backup', 'list'], envA)).stdout;
      expect(listed).toMatch(/^\d+ backups in /);
      for (const id of [first, ID.exec(created.stdout)?.[1]]) expect(listed).toContain(id);
      const refused = await runCli(['backup', 'restore', first, '--force'], envA);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/svc: conflict: A running process holds .*stop the server/);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  }, 120_000);

  it('refuses to restore into a data directory that holds data, and restores into an empty one', async () => {
    const refused = await runCli(['backup', 'restore', first], envA);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/svc: conflict: The database is not empty .*--force/);
    const restored = await runCli(['backup', 'restore', first], envB);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(new RegExp(`^restored ${first} from `));
    // The restored account is whole: a token can be issued for it on the new data directory.
    const token = await runCli(['token', 'create', '--user', 'lin@example.com'], envB);
    expect(token.code, token.stderr).toBe(0);
  }, 120_000);

  it('exits 1 naming the damaged file when verification fails', async () => {
    const file = join(backups, first, 'users.jsonl.gz');
    writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from('tampered')]));
    const verified = await runCli(['backup', 'verify', first], envA);
    expect(verified.code).toBe(1);
    expect(verified.stderr).toMatch(/svc: conflict: Backup .* failed verification: users\.jsonl\.gz: checksum mismatch/);
    const bad = await runCli(['backup', 'verify', '../../etc/passwd'], envA);
    expect(bad.stderr).toMatch(/svc: validation_failed: Not a backup id/);
  }, 120_000);
});

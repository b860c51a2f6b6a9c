import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRequestId } from '@svc/contract';
import { auditLog, openDatabase } from '@svc/db';
import { recordAudit } from '../src/usage/audit-log';
import { cliEnv, runCli, startServe, stop } from './helpers/cli';
import { removeDataDir } from '@svc/vitest-config/data-dir';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-ops-'));
const env = cliEnv({ DATA_DIR: dataDir });
afterAll(() => removeDataDir(dataDir));

let token = '';
beforeAll(async () => {
  expect((await runCli(['user', 'add', 'lin@example.com'], env)).code).toBe(0);
  const created = await runCli(['token', 'create', '--user', 'lin@example.com', '--name', 'laptop'], env);
  expect(created.code).toBe(0);
  token = created.stdout.trim();
});

describe('audit log of CLI actions', () => {
  it('records the user created and the token issued, each under a request id of its own, and no secret', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
      expect(rows.map((r) => [r.action, r.targetType])).toEqual([
        ['user_created', 'user'],
        ['token_issued', 'api_token'],
      ]);
      const [userRow, tokenRow] = rows;
      expect(tokenRow?.userId).toBe(userRow?.targetId);
      expect(tokenRow?.details).toEqual({ via: 'cli', name: 'laptop' });
      for (const row of rows) expect(isRequestId(row.requestId)).toBe(true);
      expect(userRow?.requestId).not.toBe(tokenRow?.requestId);
      expect(JSON.stringify(rows)).not.toContain(token);
      // Outside any request an audit row could not be traced, so writing one is refused.
      await expect(
        recordAudit(database.db, { action: 'sign_in', target: { type: 'user', id: userRow!.targetId! } }),
      ).rejects.toThrow(/request context/);
    } finally {
      await database.close();
    }
  });
});

describe('LOG_STDERR=1 under svc serve', () => {
  it('sends every log line to stderr and leaves stdout empty', async () => {
    const { child, url, streams } = await startServe({ ...env, LOG_STDERR: '1' });
    try {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/nowhere`)).status).toBe(404);
    } finally {
      expect(await stop(child)).toBe(0);
    }
    expect(streams.stdout).toBe('');
    const lines = streams.stderr.split('\n').filter((l) => l.startsWith('{'));
    const messages = lines.map((l) => (JSON.parse(l) as { message: string }).message);
    expect(messages).toEqual(expect.arrayContaining(['listening', 'http_request', 'shutting_down']));
  });
});

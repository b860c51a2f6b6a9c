// Roles are per cluster while the migration lock is per database: fresh databases of one cluster
// migrated at the same moment all run migration 0000's CREATE ROLE blocks at once, and every one of
// them must get through. The blocks run here as written, under a role name of this test's own (the
// service's roles already exist on the test server and other test files rely on them).
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testStorage } from '../src/testing';

const POSTGRES = testStorage() === 'postgres';
const WRITERS = 12;

async function roleBlocks(): Promise<string[]> {
  const text = await readFile(new URL('../migrations/0000_foundation.sql', import.meta.url), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /CREATE ROLE svc_\w+ NOLOGIN/.test(statement));
}

describe.skipIf(!POSTGRES)('migration 0000 role creation from many databases at once', () => {
  it('succeeds for every one of them, five rounds running', { timeout: 60_000 }, async () => {
    const blocks = await roleBlocks();
    expect(blocks).toHaveLength(2);
    const clients = Array.from({ length: WRITERS }, () => new pg.Client({ connectionString: process.env.SVC_TEST_DATABASE_URL }));
    await Promise.all(clients.map((client) => client.connect()));
    try {
      for (let round = 0; round < 5; round++) {
        const role = `svc_race_${randomBytes(4).toString('hex')}`;
        const block = blocks[0]!.replace(/svc_\w+ NOLOGIN/, `${role} NOLOGIN`);
        try {
          const results = await Promise.allSettled(clients.map((client) => client.query(block)));
          expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(Array(WRITERS).fill('ok'));
          const found = await clients[0]!.query('select count(*)::int as n from pg_roles where rolname = $1', [role]);
          expect(found.rows[0]).toEqual({ n: 1 });
        } finally {
          await clients[0]!.query(`drop role if exists ${role}`);
        }
      }
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});

// The start-up wait: backs off on connection failures only, against a real closed port and shaped driver errors.
import { createServer } from 'node:net';
import { ServiceError } from '@svc/errors';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './open';
import { waitUntilReachable, type WaitAttempt } from './wait';

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('waiting for the database at start-up', () => {
  it('backs off, doubling up to the ceiling, and returns once the database answers', async () => {
    const seen: WaitAttempt[] = [];
    let calls = 0;
    await waitUntilReachable(
      async () => {
        calls += 1;
        if (calls < 5) throw refused();
      },
      { initialDelayMs: 5, maxDelayMs: 20, onWait: (a) => seen.push(a) },
    );
    expect(seen).toEqual([
      { attempt: 1, nextDelayMs: 5, reason: 'ECONNREFUSED' },
      { attempt: 2, nextDelayMs: 10, reason: 'ECONNREFUSED' },
      { attempt: 3, nextDelayMs: 20, reason: 'ECONNREFUSED' },
      { attempt: 4, nextDelayMs: 20, reason: 'ECONNREFUSED' },
    ]);
  });

  it('does not wait on a wrong password or a missing database', async () => {
    for (const [sqlstate, said] of [['28P01', 'password authentication failed for user "svc"'], ['3D000', 'database "svc" does not exist']]) {
      const seen: WaitAttempt[] = [];
      const driver = Object.assign(new Error(said), { code: sqlstate, severity: 'FATAL' });
      const failure = await waitUntilReachable(() => Promise.reject(driver), { onWait: (a) => seen.push(a) }).catch((e: unknown) => e);
      expect(seen).toEqual([]);
      expect(failure).toBeInstanceOf(ServiceError);
      expect((failure as ServiceError).message).toBe(`The database refused the connection: ${said} (SQLSTATE ${sqlstate}); check DATABASE_URL`);
    }
  });

  it('gives up past the bounded wait on a real refused port, naming the reason', async () => {
    const port = await closedPort();
    const seen: WaitAttempt[] = [];
    const started = Date.now();
    const failure = await openDatabase({
      url: `postgres://svc:not-logged@127.0.0.1:${port}/svc`,
      wait: { maxWaitMs: 300, initialDelayMs: 50, onWait: (a) => seen.push(a) },
    }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect((failure as Error).message).toMatch(/still unreachable after 0.3 s \(ECONNREFUSED\); giving up/);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((a) => a.reason === 'ECONNREFUSED')).toBe(true);
    expect(JSON.stringify(seen)).not.toContain('not-logged');
  });
});

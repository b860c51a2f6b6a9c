import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import winston from 'winston';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '@svc/db';
import { openTestDatabase } from '@svc/db/testing';
import { createLogger, runWithRequestContext } from '@svc/observability';
import { createUsageLedger } from '../src/usage/usage-ledger';

let database: Database;
const logs: Record<string, unknown>[] = [];
const logger = createLogger({
  transports: [
    new winston.transports.Stream({
      stream: new Writable({
        write(chunk: Buffer, _enc, done) {
          logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    }),
  ],
});
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const event = (tool: string) => ({ userId: randomUUID(), tool, outcome: 'ok', durationMs: 12.6 });

describe('usage ledger', () => {
  it('returns at once and writes afterwards, stamping each event with its request id', async () => {
    const ledger = createUsageLedger({ database, logger });
    runWithRequestContext({ requestId: 'req_AaaaBbbbCcccDddd.1700000000000' }, () => ledger.record(event('recall')));
    // Nothing is written yet: the write waits for the event loop's next turn, after the answer.
    expect(ledger.stats.written).toBe(0);
    await ledger.flush();
    const rows = rowsOf<{ request_id: string; duration_ms: number }>(
      await database.db.execute(sql`select request_id, duration_ms from usage_events where tool = 'recall'`),
    );
    expect(rows).toEqual([{ request_id: 'req_AaaaBbbbCcccDddd.1700000000000', duration_ms: 13 }]);
  });

  it('is bounded: past its capacity new events are dropped, counted and logged, never queued', async () => {
    const ledger = createUsageLedger({ database, logger, capacity: 2 });
    for (let i = 0; i < 3; i++) ledger.record(event('board'));
    expect(ledger.stats.dropped).toBe(1);
    expect(logs.find((l) => l.message === 'usage_event_dropped')).toMatchObject({ level: 'warn', dropped_total: 1, capacity: 2 });
    await ledger.flush();
    expect(ledger.stats.written).toBe(2);
  });

  it('writes in batches and keeps draining what arrives while it writes', async () => {
    const ledger = createUsageLedger({ database, logger, batchSize: 3 });
    for (let i = 0; i < 7; i++) ledger.record(event('card'));
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 2; i++) ledger.record(event('card'));
    await ledger.flush();
    expect(ledger.stats).toEqual({ written: 9, failed: 0, dropped: 0 });
  });
});

// Makes every rate limiter: counted in the database all instances share (server mode), else in this process.
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimitStore, type Database } from '@svc/db';
import type { Logger } from '@svc/observability';
import { LoggedInsurance } from './limiter-insurance';
import type { LimiterSpec } from './limiter-spec';

export type { LimiterSpec } from './limiter-spec';

export interface LimiterDeps {
  database: Database;
  logger: Logger;
}

/** One limiter per database sweeps the expired rows (the library does it every five minutes). */
const swept = new WeakSet<Database>();

export function createLimiter({ database, logger }: LimiterDeps, spec: LimiterSpec): RateLimiterAbstract {
  const store = rateLimitStore(database);
  // Embedded: one process owns the database, so its memory is already the whole count.
  if (store === null) return new RateLimiterMemory(spec);
  const sweeps = !swept.has(database);
  swept.add(database);
  return new RateLimiterPostgres({
    ...spec,
    storeClient: store.client,
    storeType: 'pool',
    tableName: store.tableName,
    // Migration 0015 made the table; the library would otherwise issue DDL at run time.
    tableCreated: true,
    clearExpiredByTimeout: sweeps,
    insuranceLimiter: new LoggedInsurance(spec, logger),
  });
}

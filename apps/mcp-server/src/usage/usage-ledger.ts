// The usage ledger writer: a tool call enqueues one event and a background drain batches them into usage_events.
import { inBackgroundLane, usageEvents, type Database } from '@svc/db';
import { currentRequestId, outsideRequestContext, type Logger } from '@svc/observability';

export interface UsageEvent {
  userId: string;
  tool: string;
  /** `ok` or the error code the call ended with. */
  outcome: string;
  durationMs: number;
}

export interface UsageLedger {
  /** Never throws and never waits: the answer to the caller does not depend on the ledger. */
  record(event: UsageEvent): void;
  /** Resolves once every event recorded so far is written or given up (shutdown, tests). */
  flush(): Promise<void>;
  /** In-process tallies; the contract fixes the exposed counters, so these are logged, not exported. */
  readonly stats: { written: number; failed: number; dropped: number };
}

export interface UsageLedgerOptions {
  database: Database;
  logger: Logger;
  /** Events waiting at most; past it new events are dropped rather than growing memory unbounded. */
  capacity?: number;
  batchSize?: number;
}

type Row = typeof usageEvents.$inferInsert;

export function createUsageLedger(opts: UsageLedgerOptions): UsageLedger {
  const { database, logger, capacity = 10_000, batchSize = 200 } = opts;
  const stats = { written: 0, failed: 0, dropped: 0 };
  const queue: Row[] = [];
  let inFlight: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, batchSize);
      try {
        // Nobody waits on the ledger: its writes queue behind the calls people wait on.
        // drizzle runs a query when it is awaited, so the await is inside the lane.
        await inBackgroundLane(async () => await database.db.insert(usageEvents).values(batch));
        stats.written += batch.length;
      } catch (thrown) {
        // Lost events are named by their request ids so an operator can still trace the calls.
        stats.failed += batch.length;
        const cause = thrown instanceof Error ? thrown : new Error(String(thrown));
        logger.error('usage_write_failed', {
          events: batch.length,
          failed_total: stats.failed,
          request_ids: batch.map((row) => row.requestId),
          error: cause.message,
          stack: cause.stack,
        });
      }
    }
  }

  function kick(): void {
    if (inFlight) return;
    // setImmediate lets the tool's answer leave first; the drain belongs to no single request.
    inFlight = outsideRequestContext(() =>
      new Promise<void>((resolve) => setImmediate(resolve)).then(drain).finally(() => {
        inFlight = null;
        if (queue.length > 0) kick();
      }),
    );
  }

  return {
    stats,
    record(event) {
      try {
        if (queue.length >= capacity) {
          stats.dropped += 1;
          logger.warn('usage_event_dropped', { dropped_total: stats.dropped, capacity });
          return;
        }
        queue.push({
          userId: event.userId,
          tool: event.tool,
          outcome: event.outcome,
          durationMs: Math.round(event.durationMs),
          requestId: currentRequestId() ?? null,
        });
        kick();
      } catch (thrown) {
        logger.error('usage_record_failed', { error: thrown instanceof Error ? thrown.message : String(thrown) });
      }
    },
    async flush() {
      while (inFlight) await inFlight;
    },
  };
}

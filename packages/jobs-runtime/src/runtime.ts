// The scheduler: creates a queue per job definition, schedules and works them, and enqueues runs.
import { createHash } from 'node:crypto';
import type { Clock, PgBoss } from 'pg-boss';
import { JOB_MAX_DURATION_MS } from '@svc/contract';
import { createBoss, DEFAULT_TUNING, type BossTuning } from './boss';
import type { JobDefinition } from './job-definition';
import { createFailuresQueue, FAILURES_QUEUE, workFailures } from './failures';
import { runAttempt, type AttemptParts } from './run-job';

export interface JobRuntimeOptions extends Omit<AttemptParts, 'now'> {
  definitions: JobDefinition[];
  /** `work`: this process runs the jobs and the schedules; `enqueue`: it only sends (server instances). */
  mode: 'work' | 'enqueue';
  /** The build identity: the after-deploy runs happen once per value, across instances. */
  build?: string;
  /** Lowers every job's cap (tests, or an operator who wants shorter); never raises it past 15 minutes. */
  maxDurationMs?: number;
  /** Seconds before a failed attempt is retried (doubling with jitter). */
  retryDelaySeconds?: number;
  tuning?: Partial<BossTuning>;
  now?: () => Date;
  /** A controlled clock for the queue (pg-boss's TestClock); tests only. */
  clock?: Clock;
}

export interface JobRuntime {
  readonly mode: 'work' | 'enqueue';
  readonly definitions: readonly JobDefinition[];
  /** True from `stop()` until the next `start()`: a deferred send (a saved-memory wake) then sends nothing. */
  readonly stopped: boolean;
  /** Idempotent; `send` starts it when nothing has. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Enqueues a run; `id` (a UUID) makes the send idempotent: a second send with it is dropped (null). */
  send(name: string, data: Record<string, unknown>, opts?: { id?: string }): Promise<string | null>;
}

/** A UUID derived from the job and build: the one id every instance tries, so the queue keeps one. */
export function deployRunId(job: string, build: string): string {
  const h = createHash('sha256').update(`after-deploy:${job}:${build}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function createJobRuntime(opts: JobRuntimeOptions): JobRuntime {
  const tuning = { ...DEFAULT_TUNING, ...opts.tuning };
  const capFor = (def: JobDefinition) =>
    Math.min(def.timeoutMs, opts.maxDurationMs ?? JOB_MAX_DURATION_MS);
  const parts: AttemptParts = { ...opts, now: opts.now ?? (() => new Date()) };
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let stopped = false;

  async function setUp(b: PgBoss): Promise<void> {
    b.on('error', (err: Error) => opts.logger.error('job_queue_error', { error: err.message }));
    // Instances started together on a fresh PostgreSQL race to install pg-boss's schema: its
    // advisory lock does not refresh the catalog cache, so the loser can fail with a duplicate
    // pg_namespace key. A second attempt finds the schema installed (pg-boss's own retry).
    await b.start({ attempts: 3 });
    await createFailuresQueue(b);
    for (const def of opts.definitions) {
      const queue = {
        // One run of a job at a time, across every instance.
        policy: 'singleton' as const,
        // The queue's own expiry is the backstop for a worker that died: its run is retried after it.
        expireInSeconds: Math.ceil(capFor(def) / 1000) + 1,
        retryLimit: 1,
        retryDelay: opts.retryDelaySeconds ?? 30,
        retryBackoff: true,
        notify: true,
        deadLetter: FAILURES_QUEUE,
      };
      if (await b.getQueue(def.name))
        await b.updateQueue(def.name, {
          expireInSeconds: queue.expireInSeconds,
          retryLimit: 1,
          retryDelay: queue.retryDelay,
          notify: true,
          deadLetter: FAILURES_QUEUE,
        });
      else await b.createQueue(def.name, queue);
    }
    if (opts.mode === 'enqueue') return;
    for (const def of opts.definitions) {
      // NOTIFY wakes a worker for a sent job; a retry sends nothing, so the poll stays at the base rate.
      const options = {
        pollingIntervalSeconds: tuning.pollSeconds,
        notifyPollingIntervalSeconds: tuning.pollSeconds,
        batchSize: 1,
        includeMetadata: true,
      } as const;
      await b.work<Record<string, unknown> | null, unknown, typeof options>(
        def.name,
        options,
        ([job]) => runAttempt(parts, def, capFor(def), job!, () => stopped),
      );
    }
    await workFailures(b, parts, opts.definitions, tuning.pollSeconds);
    await reconcileSchedules(b);
    if (opts.build) {
      for (const def of opts.definitions.filter((d) => d.runAfterDeploy)) {
        await b.send(
          def.name,
          { trigger: 'deploy', build: opts.build },
          { id: deployRunId(def.name, opts.build) },
        );
      }
    }
  }

  /** The schedules are exactly the scheduled definitions: an interval unset since the last start loses its schedule. */
  async function reconcileSchedules(b: PgBoss): Promise<void> {
    const wanted = new Map(
      opts.definitions.filter((d) => d.schedule).map((d) => [d.name, d.schedule!]),
    );
    for (const existing of await b.getSchedules()) {
      if (!wanted.has(existing.name)) await b.unschedule(existing.name, existing.key);
    }
    for (const [name, cron] of wanted) await b.schedule(name, cron, {}, { tz: 'UTC' });
  }

  const runtime: JobRuntime = {
    mode: opts.mode,
    definitions: opts.definitions,
    get stopped() {
      return stopped;
    },
    start() {
      stopped = false;
      starting ??= (async () => {
        const b = createBoss(opts.database, {
          worker: opts.mode === 'work',
          tuning,
          clock: opts.clock,
        });
        boss = b;
        await setUp(b);
      })();
      return starting;
    },
    async stop() {
      stopped = true;
      if (!starting) return;
      await starting.catch(() => undefined);
      // Handlers get a few seconds to notice their signal; a run cut short is retried after its expiry.
      await boss?.stop({ graceful: true, timeout: 5_000, close: false });
      boss = undefined;
      starting = undefined;
    },
    async send(name, data, sendOpts = {}) {
      await runtime.start();
      return boss!.send(name, data, sendOpts.id ? { id: sendOpts.id } : {});
    },
  };
  return runtime;
}

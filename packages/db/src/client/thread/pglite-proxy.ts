// The serving thread's handle on PGlite running in a worker thread: the part of PGlite's client that drizzle and pg-boss use.
import { AsyncLocalStorage } from 'node:async_hooks';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { currentDatabaseLane, type DatabaseLane } from '../lanes';

const THREAD_FILE = new URL('./pglite-thread.mjs', import.meta.url);

/** What the thread sends back for a failure: a Postgres error's fields survive the crossing. */
interface PlainError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

type Reply = { id: number; result: unknown } | { id: number; error: PlainError };
type Message = Reply | { ready: true } | { failed: PlainError } | { notification: { channel: string; payload: string } };

/** A Postgres error as PGlite throws it (`code`, `severity`, `detail`, `constraint`, ...), rebuilt on this side. */
export class DatabaseError extends Error {
  [field: string]: unknown;
}

function rebuild({ name, message, fields }: PlainError): Error {
  // pg-protocol names its error after the message type ('error'); any error with a severity is one.
  const err = fields.severity === undefined ? new Error(message) : new DatabaseError(message);
  if (name !== 'Error') err.name = name;
  return Object.assign(err, fields);
}

type Parsers = NonNullable<QueryOptions['parsers']>;

/**
 * Functions cannot cross to the thread. Columns of a type the caller brings a parser for come back
 * as PGlite's text and are parsed here (drizzle's are identity parsers: timestamps stay text).
 */
function wireOptions(options: QueryOptions | undefined) {
  if (!options) return undefined;
  const { serializers, blob, onNotice, parsers, ...rest } = options;
  if (serializers || blob || onNotice) {
    throw new TypeError('serializers, blob and onNotice are not supported by the database thread');
  }
  return { ...rest, rawTypes: parsers ? Object.keys(parsers).map(Number) : undefined };
}

function parseRows<T>(result: Results<T>, parsers: Parsers | undefined): Results<T> {
  if (!parsers) return result;
  const columns = result.fields.flatMap((f, i) => {
    const parse = parsers[f.dataTypeID];
    return parse ? [{ i, name: f.name, parse }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as unknown as Record<string | number, unknown>[]) {
    for (const { i, name, parse } of columns) {
      const key = Array.isArray(row) ? i : name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string);
    }
  }
  return result;
}

function statementRequest(text: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
  return { op: 'query', text, params: params ?? [], options: wireOptions(options) };
}

/** PGlite's Transaction interface over `send`, which carries each statement to the thread. */
function transactionVia(
  send: <R>(request: Record<string, unknown>) => Promise<R>,
  rollback: () => Promise<void>,
  closed: () => boolean,
): Transaction {
  return {
    query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
      send<Results<R>>(statementRequest(text, params, options)).then((result) => parseRows(result, options?.parsers)),
    sql: () => Promise.reject(new TypeError('tagged sql is not supported by the database thread')),
    exec: (text, options) =>
      send<Results[]>({ op: 'exec', text, options: wireOptions(options) }).then((all) => all.map((r) => parseRows(r, options?.parsers))),
    rollback,
    listen: () => Promise.reject(new TypeError('LISTEN inside a transaction is not supported by the database thread')),
    get closed() {
      return closed();
    },
  };
}

/** A statement every transaction opened inside `withTransactionPrelude` runs first (its result unused). */
export interface Prelude {
  text: string;
  params: unknown[];
  /**
   * Each statement runs as a unit of its own, right after the prelude (see `statementsApart`): for
   * a read at READ COMMITTED, or work whose writes are each complete in one statement; either way
   * what its statements need set the prelude sets.
   */
  apart?: boolean;
}

const preludes = new AsyncLocalStorage<Prelude>();

/**
 * The next transaction `fn` opens runs `prelude` right after BEGIN, in the same hop as its first
 * statement: the role and caller settings of every user transaction cost no round trip of their
 * own. Only that transaction: one opened inside it (a privileged one) does not inherit it.
 */
export function withTransactionPrelude<T>(prelude: Prelude, fn: () => T): T {
  return preludes.run(prelude, fn);
}

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

const running = new Set<PGliteThread>();

/**
 * Hands every answer the database threads have sent, and this thread not yet read, to its waiting
 * caller now, instead of when the event loop next gets to the port. Called before this thread
 * starts a piece of new work (a tool call): under a burst of 50 calls the next statement of a
 * transaction already open (which holds the embedded database's one connection meanwhile) then
 * waits for one call's start, not for all 50. The callers continue in microtasks, in order.
 */
export function takeDatabaseAnswers(): void {
  for (const thread of running) thread.takeAnswers();
}

/**
 * PGlite in a worker thread of its own. Its WebAssembly and protocol layer took about three
 * quarters of the serving thread under 50 sessions; here the serving thread only posts requests
 * (rows come back as plain data). Transactions are PGlite's own, BEGIN to COMMIT on its one
 * connection, opened in the thread's queue: interactive before bulk (`inDatabaseLane`).
 */
export class PGliteThread {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private exited = false;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly answers: MessagePort,
  ) {
    answers.on('message', (message: Message) => this.receive(message));
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => this.fail(new Error(`the database thread exited (code ${code})`)));
    // Idle, the thread does not keep the process alive; a request in flight does (see send). The
    // port never does: answers arrive while the worker keeps the process up.
    worker.unref();
    answers.unref();
    running.add(this);
  }

  /** Starts the thread and opens `dataDir` (a directory or `memory://`) there. */
  static async create(dataDir: string): Promise<PGliteThread> {
    const { port1: answers, port2 } = new MessageChannel();
    const worker = new Worker(THREAD_FILE, { workerData: { dataDir, answers: port2 }, transferList: [port2] });
    let onMessage: (message: Message) => void = () => undefined;
    let onExit: (code: number) => void = () => undefined;
    let onError: (err: Error) => void = () => undefined;
    await new Promise<void>((resolve, reject) => {
      onMessage = (message) => {
        if ('ready' in message) resolve();
        if ('failed' in message) reject(rebuild(message.failed));
      };
      onExit = (code) => reject(new Error(`the database thread exited (code ${code}) while opening`));
      onError = reject;
      answers.on('message', onMessage);
      worker.on('exit', onExit).on('error', onError);
    }).catch(async (err: unknown) => {
      answers.close();
      await worker.terminate();
      throw err;
    });
    // Only our own listeners: the worker keeps internal ones of its own.
    answers.off('message', onMessage);
    worker.off('exit', onExit).off('error', onError);
    return new PGliteThread(worker, answers);
  }

  /** Every answer already sent, handed over now (see takeDatabaseAnswers). */
  takeAnswers(): void {
    for (let next = receiveMessageOnPort(this.answers); next; next = receiveMessageOnPort(this.answers)) {
      this.receive(next.message as Message);
    }
  }

  get closed(): boolean {
    return this.exited || this.closing !== undefined;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.statement<T>(text, params, options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.send<Results[]>({ op: 'exec', text, options: wireOptions(options), lane: currentDatabaseLane() }).then((all) =>
      all.map((r) => parseRows(r, options?.parsers)),
    );
  }

  /** Database.appendLines: the thread runs the read and writes its lines; only their count comes back. */
  appendLines(text: string, path: string): Promise<number> {
    return this.send<number>({ op: 'appendLines', text, path, lane: currentDatabaseLane() });
  }

  /**
   * PGlite's transaction, BEGIN to COMMIT in the thread. BEGIN travels with the first statement
   * and the thread queues the transaction by the caller's lane when it arrives; a transaction that
   * runs no statement never reaches the thread. Statements are sent as they are made, without
   * waiting for the answers before them: the thread runs them in order, so statements a caller makes
   * at once (`Promise.all`) cost one round trip, not one each, while the transaction holds the
   * thread's one connection.
   */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const lane = currentDatabaseLane();
    const prelude = preludes.getStore();
    if (prelude?.apart) return this.statementsApart(fn, prelude, lane);
    const txId = this.nextId++;
    let begun: Promise<unknown> | undefined;
    let closed = false;
    const inTx = <R>(request: Record<string, unknown>): Promise<R> => {
      if (closed) return Promise.reject(new Error('Transaction is closed'));
      if (begun) return this.send<R>({ ...request, tx: txId });
      const first = this.send<R>({ ...request, tx: txId, begin: true, lane, prelude });
      begun = first.catch(() => undefined);
      return first;
    };
    const end = async (commit: boolean) => {
      closed = true;
      if (!begun) return;
      await begun;
      await this.send({ op: 'end', tx: txId, commit });
    };
    const tx = transactionVia(
      inTx,
      () => (closed ? Promise.reject(new Error('Transaction is closed')) : end(false)),
      () => closed,
    );
    let result: T;
    try {
      // Whatever `fn` opens besides this transaction is not bound by its prelude.
      result = await preludes.exit(() => fn(tx));
    } catch (err) {
      // The caller's error is the one to hear; a failed ROLLBACK leaves nothing more to do here.
      if (!closed) await end(false).catch(() => undefined);
      throw err;
    }
    // After an explicit rollback there is nothing to commit, as in PGlite's own transaction.
    if (!closed) await end(true);
    return result;
  }

  /**
   * Statements that do not hold the one connection between them: each is a unit of its own, the
   * prelude and the statement in one implicit transaction (one trip into PGlite, committed at its
   * end), so while the caller works between two statements the thread runs other callers' units.
   * At READ COMMITTED every statement of a transaction takes a snapshot of its own anyway, so a read
   * sees what it would have seen in one transaction; what is lost is a setting one statement makes
   * for the next (the prelude makes the caller's), and for writes, that an earlier statement's stands
   * when a later one fails (`statementsAsUser`). Statements sent at once still run in the order sent
   * (one lane, arrival order). Under 50 sessions a recall's search held the connection 2-3 ms a call
   * while it waited for the serving thread between its statements.
   */
  private async statementsApart<T>(fn: (tx: Transaction) => Promise<T>, prelude: Prelude, lane: DatabaseLane): Promise<T> {
    let closed = false;
    const alone = <R>(request: Record<string, unknown>): Promise<R> =>
      closed ? Promise.reject(new Error('Transaction is closed')) : this.send<R>({ ...request, lane, prelude, apart: true });
    const tx = transactionVia(
      alone,
      // Nothing is open to roll back: every statement has ended.
      async () => {
        closed = true;
      },
      () => closed,
    );
    try {
      return await preludes.exit(() => fn(tx));
    } finally {
      closed = true;
    }
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.send({ op: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size === 0 && this.listeners.get(channel) === callbacks) {
        this.listeners.delete(channel);
        if (!this.closed) await this.send({ op: 'unlisten', channel });
      }
    };
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.exited) return;
      try {
        await this.send({ op: 'close' });
      } finally {
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }

  private statement<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
    return this.send<Results<T>>({ ...statementRequest(text, params, options), lane: currentDatabaseLane() }).then((result) =>
      parseRows(result, options?.parsers),
    );
  }

  private send<T>(request: Record<string, unknown>): Promise<T> {
    if (this.exited) return Promise.reject(new Error('the database thread has exited'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      try {
        this.worker.postMessage({ ...request, id });
      } catch (err) {
        reject(err as Error);
        return;
      }
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: (value) => resolve(value as T), reject });
    });
  }

  private receive(message: Message) {
    if ('notification' in message) {
      const { channel, payload } = message.notification;
      for (const callback of this.listeners.get(channel) ?? []) callback(payload);
      return;
    }
    if (!('id' in message)) return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in message) waiting.reject(rebuild(message.error));
    else waiting.resolve(message.result);
  }

  private fail(err: Error) {
    this.exited = true;
    running.delete(this);
    this.answers.close();
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}

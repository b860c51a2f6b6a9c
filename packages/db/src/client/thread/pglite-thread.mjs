// The embedded database inside a worker thread: plain JavaScript, so the thread needs no TypeScript loader.
// The serving thread's proxy (pglite-proxy.ts) sends requests; this file owns the one PGlite and its queue.
import { appendFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { preparedStatements } from './prepared-statements.mjs';

/** The fields a Postgres error carries (pg-protocol's DatabaseError), copied so the proxy can rebuild it. */
const ERROR_FIELDS = [
  'severity', 'code', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema',
  'table', 'column', 'dataType', 'constraint', 'file', 'line', 'routine', 'query',
];

function plainError(err) {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields = {};
  for (const key of ERROR_FIELDS) {
    if (err[key] !== undefined) fields[key] = err[key];
  }
  return { name: err.name, message: err.message, fields };
}

/**
 * Answers go out on a port of their own (not parentPort), which the serving thread can also read
 * synchronously (receiveMessageOnPort) between two pieces of its own work: see takeDatabaseAnswers.
 */
const answers = workerData.answers;
const reply = (id, result) => answers.postMessage({ id, result });
const refuse = (id, err) => answers.postMessage({ id, error: plainError(err) });

/** Types whose text the proxy parses itself (drizzle keeps timestamps as text): PGlite hands them back unparsed. */
const rawParsers = new Map();
function queryOptions(options) {
  if (!options) return undefined;
  const { rowMode, paramTypes, rawTypes } = options;
  let parsers;
  if (rawTypes?.length) {
    const key = rawTypes.join(',');
    parsers = rawParsers.get(key);
    if (!parsers) {
      parsers = Object.fromEntries(rawTypes.map((oid) => [oid, (text) => text]));
      rawParsers.set(key, parsers);
    }
  }
  return { rowMode, paramTypes, parsers };
}

/**
 * One unit at a time: a statement outside any transaction (each statement of work that runs apart
 * is one, after its prelude), or a whole transaction from BEGIN to COMMIT. A waiting interactive
 * unit goes before any waiting bulk one, a bulk one before any background one (the saved-memory
 * checks, the database's upkeep); within a lane, arrival order.
 * The running unit is never interrupted, so a quick call waits at most for that one.
 */
const lanes = { interactive: [], bulk: [], background: [] };
const nextCall = () => lanes.interactive.shift() ?? lanes.bulk.shift();
/**
 * A background unit starts once no call's unit ran for BACKGROUND_QUIET_MS, or once it waited
 * BACKGROUND_MAX_WAIT_MS. Under many sessions the gaps between calls are under a millisecond, and a
 * check that started in one (about 7 ms) held up the calls arriving meanwhile: the checks took 8%
 * of the thread there. The longest wait lets a check through about once a second under any load.
 */
const BACKGROUND_QUIET_MS = 10;
const BACKGROUND_MAX_WAIT_MS = 1000;
let lastCallEnded = 0;
let wakeUp;
/** The background unit at the head of its lane if its time has come (`callWaits`: only if it waited its longest); else when to look again (ms). */
function backgroundDue(now, callWaits) {
  const head = lanes.background[0];
  if (!head) return { unit: undefined, after: undefined };
  const overdue = head.arrived + BACKGROUND_MAX_WAIT_MS - now;
  const after = callWaits ? overdue : Math.min(lastCallEnded + BACKGROUND_QUIET_MS - now, overdue);
  return after > 0 ? { unit: undefined, after } : { unit: lanes.background.shift().run, after: undefined };
}
/** One macrotask: requests that arrived while PGlite held the thread are queued before the next pick. */
const takeInArrivals = () => new Promise((resolve) => setImmediate(resolve));
let pumping = false;
async function pump() {
  if (pumping) return;
  pumping = true;
  for (;;) {
    await takeInArrivals();
    const callWaits = lanes.interactive.length + lanes.bulk.length > 0;
    const { unit, after } = backgroundDue(performance.now(), callWaits);
    if (unit) {
      await unit();
      continue;
    }
    const call = nextCall();
    if (call) {
      await call();
      lastCallEnded = performance.now();
      continue;
    }
    if (after !== undefined && !wakeUp) {
      // Unref'd: a background unit waiting for quiet keeps no thread alive.
      wakeUp = setTimeout(() => {
        wakeUp = undefined;
        void pump();
      }, Math.ceil(after));
      wakeUp.unref?.();
    }
    break;
  }
  pumping = false;
}
function enqueue(lane, unit) {
  if (lane === 'background') lanes.background.push({ run: unit, arrived: performance.now() });
  else (Object.hasOwn(lanes, lane) ? lanes[lane] : lanes.interactive).push(unit);
  void pump();
}

/** Open transactions by id: PGlite's own transaction object and how the proxy ends it. */
const transactions = new Map();
/** Thrown into PGlite's transaction callback to make it roll back. */
const ROLLBACK = Symbol('rollback');

/**
 * Transactions whose BEGIN waits in the queue: statements the proxy sent behind the first without
 * waiting for its answer wait here, then run in arrival order once the first has started.
 */
const opening = new Map();

function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A transaction that never opens may have had nothing sent behind its first statement.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * BEGIN, the prelude if any (the role and caller settings), then the transaction's first statement
 * (`first`, which answers its own request), in one hop from the serving thread. A failed prelude
 * is the first statement's answer (and every statement's sent behind it); the proxy then rolls
 * back. The unit lasts until the proxy ends the transaction.
 */
function begin(txId, first, prelude) {
  const opened = opening.get(txId);
  const settle = (err) => {
    if (opening.get(txId) !== opened) return;
    opening.delete(txId);
    if (err) opened.reject(err);
  };
  return new Promise((unitDone) => {
    let started = false;
    db.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          started = true;
          transactions.set(txId, { tx, commit, rollback, ended: undefined });
          // The first statement takes PGlite's query lock before any statement sent behind it.
          const startFirst = () => {
            first.run(tx);
            settle();
            opened.resolve(tx);
          };
          if (!prelude) return startFirst();
          statements.query(tx, prelude.text, prelude.params, undefined, true).then(startFirst, (err) => {
            first.refuse(err);
            settle(err);
          });
        }),
    )
      .then(
        () => transactions.get(txId)?.ended?.ok(),
        (err) => {
          const ended = transactions.get(txId)?.ended;
          if (err === ROLLBACK) ended?.ok();
          else if (ended) ended.fail(err);
          // BEGIN itself failed: the first statement's request hears it.
          else if (!started) first.refuse(err);
          settle(err);
        },
      )
      .finally(() => {
        transactions.delete(txId);
        settle(new Error('Transaction is closed'));
        unitDone();
      });
  });
}

function end(id, txId, commit) {
  const open = transactions.get(txId);
  if (!open) return refuse(id, new Error('Transaction is closed'));
  open.ended = { ok: () => reply(id, null), fail: (err) => refuse(id, err) };
  if (commit) open.commit();
  else open.rollback(ROLLBACK);
}

/**
 * Where a statement runs: its open transaction (opening it first when the request says so), or the
 * database, queued as a unit of its own.
 */
function run(request, fn) {
  const answer = (on) => fn(on).then((result) => reply(request.id, result), (err) => refuse(request.id, err));
  if (request.apart) return enqueue(request.lane, () => answer(db));
  if (request.begin) {
    opening.set(request.tx, deferred());
    return enqueue(request.lane, () => begin(request.tx, { run: answer, refuse: (err) => refuse(request.id, err) }, request.prelude));
  }
  if (request.tx !== undefined) {
    const waiting = opening.get(request.tx);
    if (waiting) return void waiting.promise.then(answer, (err) => refuse(request.id, err));
    const open = transactions.get(request.tx);
    if (!open) return refuse(request.id, new Error('Transaction is closed'));
    return answer(open.tx);
  }
  enqueue(request.lane, () => (request.op === 'exec' ? execAlone(request, fn) : answer(db)));
}

/**
 * A script outside any transaction of ours may open its own (pg-boss's BEGIN … COMMIT blocks). If it
 * fails midway the session is left in an aborted transaction, and the caller's ROLLBACK arrives only
 * after the next unit has run on it; so the unit rolls back itself before the thread moves on.
 */
function execAlone(request, fn) {
  return fn(db).then(
    (result) => reply(request.id, result),
    async (err) => {
      await db.exec('ROLLBACK').catch(() => undefined);
      refuse(request.id, err);
    },
  );
}

/**
 * Database.appendLines: a read of one text column, its rows written to the file here and only their
 * count sent back. Written synchronously, while the rows are still young: held across an await they
 * would outlive the young generation, as a backup's did in the serving thread.
 */
async function appendLines(text, path) {
  const { rows } = await statements.query(db, text, [], { rowMode: 'array' }, false);
  if (rows.length > 0) appendFileSync(path, `${rows.map((row) => row[0]).join('\n')}\n`);
  return rows.length;
}

/** LISTEN once per channel; the proxy fans notifications out to its own callbacks. */
const listening = new Map();
async function listen(channel) {
  if (listening.has(channel)) return;
  listening.set(channel, await db.listen(channel, (payload) => answers.postMessage({ notification: { channel, payload } })));
}
async function unlisten(channel) {
  const unsubscribe = listening.get(channel);
  listening.delete(channel);
  await unsubscribe?.();
}

let db;
let statements;
try {
  db = await PGlite.create(workerData.dataDir, { extensions: { vector } });
  statements = preparedStatements(db);
  answers.postMessage({ ready: true });
} catch (err) {
  answers.postMessage({ failed: plainError(err) });
}

parentPort.on('message', (request) => {
  const { id, op } = request;
  switch (op) {
    case 'query':
      if (request.apart) return run(request, () => statements.queryAfter(request.prelude, request.text, request.params, queryOptions(request.options)));
      return run(request, (on) => statements.query(on, request.text, request.params, queryOptions(request.options), request.tx !== undefined));
    case 'exec':
      // A script of work that runs apart: in a transaction of its own, after the prelude.
      if (request.apart) return run(request, () => statements.inTransactionAfter(request.prelude, (tx) => statements.exec(tx, request.text, queryOptions(request.options))));
      return run(request, (on) => statements.exec(on, request.text, queryOptions(request.options)));
    case 'appendLines':
      return enqueue(request.lane, () => appendLines(request.text, request.path).then((count) => reply(id, count), (err) => refuse(id, err)));
    case 'end':
      return end(id, request.tx, request.commit);
    case 'listen':
      return enqueue('interactive', () => listen(request.channel).then(() => reply(id, null), (err) => refuse(id, err)));
    case 'unlisten':
      return enqueue('interactive', () => unlisten(request.channel).then(() => reply(id, null), (err) => refuse(id, err)));
    case 'close':
      // As in the serving thread: close does not wait for queued work, which then fails.
      return db.close().then(() => reply(id, null), (err) => refuse(id, err));
    default:
      return refuse(id, new Error(`unknown database thread request: ${op}`));
  }
});

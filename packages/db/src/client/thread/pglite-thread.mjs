// The embedded database inside a worker thread: plain JavaScript, so the thread needs no TypeScript loader.
// The serving thread's proxy (pglite-proxy.ts) sends requests; this file owns the one PGlite and its queue.
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

const reply = (id, result) => parentPort.postMessage({ id, result });
const refuse = (id, err) => parentPort.postMessage({ id, error: plainError(err) });

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
 * One unit at a time: a statement outside any transaction, or a whole transaction from BEGIN to
 * COMMIT. A waiting interactive unit goes before any waiting bulk one, a bulk one before any
 * background one (the saved-memory checks); within a lane, arrival order. A running unit is not
 * interrupted, except that a read-only one (`yields`) is ended between two of its statements when
 * a unit of a higher lane waits (see `suspend`): a quick call then waits at most for the
 * statement running when it arrives, not for the serving thread to send the next one.
 */
const lanes = { interactive: [], bulk: [], background: [] };
const RANK = { interactive: 0, bulk: 1, background: 2 };
const laneOf = (lane) => (Object.hasOwn(lanes, lane) ? lane : 'interactive');
const nextUnit = () => lanes.interactive.shift() ?? lanes.bulk.shift() ?? lanes.background.shift();
/** One macrotask: requests that arrived while PGlite held the thread are queued before the next pick. */
const takeInArrivals = () => new Promise((resolve) => setImmediate(resolve));
let pumping = false;
async function pump() {
  if (pumping) return;
  pumping = true;
  for (;;) {
    await takeInArrivals();
    const unit = nextUnit();
    if (!unit) break;
    await unit();
  }
  pumping = false;
}
/** `front`: a transaction already admitted once, coming back for its next statement. */
function enqueue(lane, unit, front = false) {
  const queue = lanes[laneOf(lane)];
  if (front) queue.unshift(unit);
  else queue.push(unit);
  yieldToWaiting();
  void pump();
}
/** DATABASE_THREAD_YIELDS=0 keeps every transaction to the end (for the load benchmark's comparison). */
const YIELDS = process.env.DATABASE_THREAD_YIELDS !== '0';
const higherWaits = (lane) => Object.keys(lanes).some((other) => RANK[other] < RANK[lane] && lanes[other].length > 0);

/**
 * Transactions by id. `state`: `open` (PGlite's transaction `tx` is running it), `suspended` (ended
 * between two statements, holding nothing), `resuming` (begun again, its settings running; requests
 * meanwhile wait in `waiting`).
 */
const transactions = new Map();
/** Thrown into PGlite's transaction callback to make it roll back. */
const ROLLBACK = Symbol('rollback');

/**
 * A read-only transaction between two statements, while a higher lane waits: committed (it wrote
 * nothing, `transaction_read_only` is in its prelude), so the waiting unit runs now. Its next
 * statement begins it again with the same prelude and every transaction-local setting it made
 * (`set_config`), first in its lane. Under READ COMMITTED each statement takes a new snapshot
 * anyway, so its statements see what they would have seen in one transaction; only
 * transaction_timestamp() (now()) moves.
 */
function yieldToWaiting() {
  for (const open of transactions.values()) {
    if (YIELDS && open.state === 'open' && open.yields && open.inFlight === 0 && !open.failed && !open.ending && higherWaits(open.lane)) {
      open.state = 'suspended';
      open.commit();
    }
  }
}

/** Runs `request` in its open transaction, counting it so the transaction is never ended under it. */
function answerIn(open, request, fn) {
  open.inFlight += 1;
  return fn(open.tx)
    .then(
      (result) => {
        if (open.yields && request.text?.includes('set_config(')) open.replays.push({ text: request.text, params: request.params });
        reply(request.id, result);
      },
      (err) => {
        // Postgres has aborted the transaction: only the proxy's ROLLBACK may end it now.
        open.failed = true;
        refuse(request.id, err);
      },
    )
    .finally(() => {
      open.inFlight -= 1;
      yieldToWaiting();
    });
}

/**
 * BEGIN, the prelude if any (the role and caller settings; for a transaction begun again, also its
 * transaction-local settings), then `first`, in one hop from the serving thread. A failed prelude
 * is the first statement's answer; the proxy then rolls back. The unit lasts until the proxy ends
 * the transaction, or until it is suspended.
 */
function begin(open, first) {
  return new Promise((unitDone) => {
    let started = false;
    db.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          started = true;
          Object.assign(open, { tx, commit, rollback });
          const settings = [open.prelude, ...open.replays].filter(Boolean);
          settings
            .reduce((done, s) => done.then(() => statements.query(tx, s.text, s.params, undefined, true)), Promise.resolve())
            .then(
              () => {
                open.state = 'open';
                first.run();
                for (const waiter of open.waiting.splice(0)) waiter();
              },
              (err) => {
                open.state = 'open';
                open.failed = true;
                first.refuse(err);
                for (const waiter of open.waiting.splice(0)) waiter();
              },
            );
        }),
    )
      .then(
        () => {
          if (open.state !== 'suspended') open.ended?.ok();
        },
        (err) => {
          if (err === ROLLBACK) open.ended?.ok();
          else if (open.ended) open.ended.fail(err);
          // BEGIN itself failed: the first statement's request hears it.
          else if (!started) first.refuse(err);
        },
      )
      .finally(() => {
        if (open.state === 'suspended') open.tx = undefined;
        else transactions.delete(open.id);
        unitDone();
      });
  });
}

function end(id, txId, commit) {
  const open = transactions.get(txId);
  if (!open) return refuse(id, new Error('Transaction is closed'));
  if (open.state === 'resuming') return void open.waiting.push(() => end(id, txId, commit));
  if (open.state === 'suspended') {
    // Read-only and ended already: nothing is left to commit or roll back.
    transactions.delete(txId);
    return reply(id, null);
  }
  open.ending = true;
  open.ended = { ok: () => reply(id, null), fail: (err) => refuse(id, err) };
  if (commit) open.commit();
  else open.rollback(ROLLBACK);
}

/**
 * Where a statement runs: its open transaction (opening it first when the request says so, or
 * again when it was suspended), or the database, queued as a unit of its own.
 */
function run(request, fn) {
  if (request.begin) {
    const open = {
      id: request.tx,
      lane: laneOf(request.lane),
      prelude: request.prelude,
      yields: request.prelude?.yields === true,
      replays: [],
      waiting: [],
      inFlight: 0,
      state: 'resuming',
      failed: false,
      ending: false,
    };
    transactions.set(request.tx, open);
    return enqueue(open.lane, () => begin(open, { run: () => answerIn(open, request, fn), refuse: (err) => refuse(request.id, err) }));
  }
  if (request.tx !== undefined) {
    const open = transactions.get(request.tx);
    if (!open) return refuse(request.id, new Error('Transaction is closed'));
    if (open.state === 'open') return answerIn(open, request, fn);
    if (open.state === 'resuming') return void open.waiting.push(() => answerIn(open, request, fn));
    open.state = 'resuming';
    return enqueue(open.lane, () => begin(open, { run: () => answerIn(open, request, fn), refuse: (err) => refuse(request.id, err) }), true);
  }
  const answer = () => fn(db).then((result) => reply(request.id, result), (err) => refuse(request.id, err));
  enqueue(request.lane, () => (request.op === 'exec' ? execAlone(request, fn) : answer()));
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

/** LISTEN once per channel; the proxy fans notifications out to its own callbacks. */
const listening = new Map();
async function listen(channel) {
  if (listening.has(channel)) return;
  listening.set(channel, await db.listen(channel, (payload) => parentPort.postMessage({ notification: { channel, payload } })));
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
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ failed: plainError(err) });
}

parentPort.on('message', (request) => {
  const { id, op } = request;
  switch (op) {
    case 'query':
      return run(request, (on) => statements.query(on, request.text, request.params, queryOptions(request.options), request.tx !== undefined));
    case 'exec':
      return run(request, (on) => statements.exec(on, request.text, queryOptions(request.options)));
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

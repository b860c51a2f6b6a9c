// Named prepared statements for the database thread: a repeated statement is parsed once, then bound and run in one hop.
import { parse as results, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statements kept prepared; past it the oldest is closed. The service has a few hundred distinct ones. */
const MAX_STATEMENTS = 500;

/** Text that may change what a prepared statement returns (a line opening with DDL). */
const DDL = /^\s*(alter|drop|create|truncate|comment)\b/im;

/** SQLSTATE 0A000 with this message: a prepared statement whose result columns changed under it (DDL). */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * PGlite's `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six trips into its
 * WebAssembly and parses and analyses the text every time. The service sends the same few hundred
 * statements over and over with new parameters, so each is prepared once under a name (Postgres
 * revalidates it after DDL, and re-plans it as the plan cache decides); a call is then Bind,
 * Describe, Execute and Sync in one trip. Only parameterised statements are prepared: those
 * without parameters are DDL, maintenance and one-offs, and go through PGlite's own `query`.
 */
export function preparedStatements(db) {
  const prepared = new Map();
  let named = 0;

  async function send(parts, inTransaction) {
    const messages = await db.execProtocolStream(concat(parts), { syncToFs: false });
    // As PGlite's own query: a statement outside a transaction is flushed to the data directory.
    if (!inTransaction) await db.syncToFs();
    return messages;
  }

  async function prepare(text) {
    const name = `svc_${named++}`;
    const messages = await send([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()], true);
    const types = messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
    if (prepared.size >= MAX_STATEMENTS) {
      const [oldestText, oldest] = prepared.entries().next().value;
      prepared.delete(oldestText);
      await send([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()], true);
    }
    const statement = { name, types };
    prepared.set(text, statement);
    return statement;
  }

  /** Bind, Describe and Execute of a prepared statement (prepared now if it is new); Sync is the caller's. */
  async function portal(text, params) {
    const statement = prepared.get(text) ?? (await prepare(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[statement.types[i]];
      return serializer ? serializer(value) : value.toString();
    });
    return [serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({})];
  }

  async function execute(text, params, options, inTransaction) {
    const messages = await send([...(await portal(text, params)), serialize.sync()], inTransaction);
    return results.parseResults(messages, db.parsers, options)[0];
  }

  /**
   * `first` (its result unused), then the statement, before one Sync: Postgres runs every Execute
   * up to a Sync in one implicit transaction, so what `first` sets transaction-locally holds for
   * the statement and ends with it, as after BEGIN, without BEGIN and COMMIT of their own.
   */
  async function executeAfter(first, text, params, options) {
    const messages = await send([...(await portal(first.text, first.params)), ...(await portal(text, params)), serialize.sync()], false);
    return results.parseResults(messages, db.parsers, options)[1];
  }

  /** Whether preparing applies: parameterised statements only (see above), and none with types of their own. */
  const preparable = (params, options) => params.length > 0 && !options?.paramTypes;

  /** A statement Postgres could not run as prepared because its result columns changed under it (DDL). */
  const resultTypeChanged = (err) => err?.code === '0A000' && err.message === RESULT_TYPE_CHANGED;

  /** PGlite's query names the statement on its errors; so do these (never the parameters). */
  function withText(err, text) {
    if (err && typeof err === 'object' && err.query === undefined) err.query = text;
    return err;
  }

  /** Closes a statement Postgres can no longer run as prepared (its result columns changed under it). */
  async function forget(text) {
    const statement = prepared.get(text);
    prepared.delete(text);
    if (statement) await send([serialize.close({ type: 'S', name: statement.name }), serialize.sync()], true);
  }

  /** After DDL every statement is prepared afresh, so none meets a changed table inside a transaction. */
  async function afterUnprepared(text, run) {
    const result = await run();
    if (DDL.test(text) && prepared.size > 0) {
      prepared.clear();
      await db.runExclusive(() => send([serialize.query('DEALLOCATE ALL')], true));
    }
    return result;
  }

  return {
    /** PGlite's `exec` (statements without parameters, perhaps several), watched for DDL. */
    exec(on, text, options) {
      return afterUnprepared(text, () => on.exec(text, options));
    },

    /** `on` is the database or an open transaction of it; PGlite's own `query` wherever preparing does not apply. */
    async query(on, text, params, options, inTransaction) {
      if (!preparable(params, options)) return afterUnprepared(text, () => on.query(text, params, options));
      try {
        return await db.runExclusive(() => execute(text, params, options, inTransaction));
      } catch (err) {
        if (resultTypeChanged(err)) {
          await db.runExclusive(() => forget(text));
          // Outside a transaction nothing was aborted: prepared afresh, it runs.
          if (!inTransaction) return on.query(text, params, options);
        }
        throw withText(err, text);
      }
    },

    /**
     * The statement alone, after `first` (the caller's role and settings) in the same implicit
     * transaction: one trip, outside any transaction of ours. Where preparing does not apply, or
     * a prepared statement went stale, the two run in a transaction of PGlite's own instead.
     */
    async queryAfter(first, text, params, options) {
      const inTransaction = () => this.inTransactionAfter(first, (tx) => this.query(tx, text, params, options, true));
      if (!preparable(params, options) || !preparable(first.params)) return inTransaction();
      try {
        return await db.runExclusive(() => executeAfter(first, text, params, options));
      } catch (err) {
        if (!resultTypeChanged(err)) throw withText(err, text);
        await db.runExclusive(async () => {
          await forget(text);
          await forget(first.text);
        });
        return inTransaction();
      }
    },

    /** `run` in a transaction of PGlite's own, after `first` (the caller's role and settings). */
    inTransactionAfter(first, run) {
      return db.transaction(async (tx) => {
        await this.query(tx, first.text, first.params, undefined, true);
        return run(tx);
      });
    },
  };
}

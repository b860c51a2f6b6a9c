// The embedded database in its worker thread: the serving thread keeps turning, and PGlite's behaviour crosses intact.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread, withTransactionPrelude } from '../src/client/thread/pglite-proxy';
import { constraintOf } from '../src/errors';
import { inDatabaseLane, openDatabase, sqlStateOf, takeDatabaseAnswers, type Database } from '../src/index';

/** Enough rows that counting them keeps PGlite busy for a long while (the better part of a second). */
const LONG_STATEMENT = sql`select count(*)::int as n from generate_series(1, 1000000) as g(i) where i % 7 = 3`;

/**
 * Event-loop turns of this thread while `statement` runs: each awaits a `setImmediate`, which only
 * comes round when nothing holds the thread.
 */
async function turnsDuring(statement: () => Promise<unknown>): Promise<number> {
  let done = false;
  let turns = 0;
  const running = statement().finally(() => {
    done = true;
  });
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!done) turns++;
  }
  await running;
  return turns;
}

/** The rows of a raw statement (drizzle types them by driver, here PGlite's `{ rows }`). */
async function rowsOf(result: Promise<unknown>): Promise<unknown[]> {
  return ((await result) as { rows: unknown[] }).rows;
}

describe('the embedded database in a worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', workerThread: true });
  }, 60_000);
  afterAll(() => database.close());

  it('leaves the serving thread free while a long statement runs', async () => {
    const turns = await turnsDuring(() => database.db.execute(LONG_STATEMENT));
    expect(turns).toBeGreaterThan(0);
  });

  it('answers an interactive transaction before statements of the bulk backlog', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const search = inDatabaseLane('bulk', () =>
      database.system(async (tx) => {
        await tx.execute(sql`select 1`);
        started();
        await held;
      }),
    ).then(() => order.push('search'));
    await running;
    // drizzle's query runs when awaited, so the await is inside the lane.
    const backlog = [1, 2].map((n) =>
      inDatabaseLane('bulk', async () => {
        await database.db.execute(sql`select ${n}::int`);
        order.push(`bulk ${n}`);
      }),
    );
    const card = database.system((tx) => tx.execute(sql`select 3`)).then(() => order.push('card'));
    // Posted to the thread (in order, ahead of the COMMIT) once this turn's promise jobs have run.
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([search, ...backlog, card]);
    expect(order).toEqual(['search', 'card', 'bulk 1', 'bulk 2']);
  });

  it('runs a user transaction\'s first statement under its role, and a transaction started from inside it under none', async () => {
    const userId = '00000000-0000-4000-8000-000000000001';
    const who = sql`select current_user::text as role, current_setting('svc.user_id', true) as user_id`;
    let detached: Promise<unknown[]> | undefined;
    const inside = await database.asUser({ userId }, async (tx) => {
      // Started here, run after this transaction ends: it must not inherit the role settings.
      detached = rowsOf(database.system((t) => t.execute(who)));
      return rowsOf(tx.execute(who));
    });
    expect(inside).toEqual([{ role: 'svc_authenticated', user_id: userId }]);
    const [outside] = (await detached!) as { role: string; user_id: string | null }[];
    expect(outside?.role).not.toBe('svc_authenticated');
    expect(outside?.user_id ?? '').toBe('');
  });

  it('answers a failed prelude as the first statement\'s error, rolls back, and serves the next transaction', async () => {
    const broken = { text: 'select set_config($1, $2, true), no_such_function()', params: ['svc.x', 'y'] };
    const failed = withTransactionPrelude(broken, () => database.db.transaction((tx) => tx.execute(sql`select 1`)));
    expect(sqlStateOf(await failed.catch((err: unknown) => err))).toBe('42883');
    const [row] = (await rowsOf(database.system((t) => t.execute(sql`select 1 as one`)))) as { one: number }[];
    expect(row?.one).toBe(1);
  });

  it('sends the statements a transaction makes at once without waiting for answers, and runs them in order', async () => {
    await database.db.execute(sql`create table thread_pipelined (k int)`);
    const events: string[] = [];
    const proto = PGliteThread.prototype as unknown as { send(request: Record<string, unknown>): Promise<unknown> };
    const send = proto.send;
    proto.send = function (this: unknown, request) {
      const name = request.op === 'end' ? 'end' : String(request.text).slice(0, 6);
      events.push(`send ${name}`);
      return send.call(this, request).finally(() => events.push(`answer ${name}`));
    };
    try {
      const [, counted, doubled] = await database.system((tx) =>
        // rowsOf awaits each at once: drizzle's query builder sends nothing until awaited.
        Promise.all([
          rowsOf(tx.execute(sql`insert into thread_pipelined values (1), (2)`)),
          rowsOf(tx.execute(sql`select count(*)::int as n from thread_pipelined`)),
          rowsOf(tx.execute(sql`update thread_pipelined set k = k * 2 returning k`)),
        ]),
      );
      expect(counted).toEqual([{ n: 2 }]);
      expect(doubled).toEqual([{ k: 2 }, { k: 4 }]);
      expect(events).toEqual(['send insert', 'send select', 'send update', 'answer insert', 'answer select', 'answer update', 'send end', 'answer end']);

      // The first fails: those behind it fail too (an aborted transaction), nothing is kept, the next transaction runs.
      const failed = await database
        .system((tx) =>
          Promise.all([rowsOf(tx.execute(sql`insert into thread_pipelined values (1 / 0)`)), rowsOf(tx.execute(sql`insert into thread_pipelined values (3)`))]),
        )
        .catch((err: unknown) => err);
      expect(sqlStateOf(failed)).toBe('22012');
      expect(await rowsOf(database.db.execute(sql`select k from thread_pipelined order by k`))).toEqual([{ k: 2 }, { k: 4 }]);
    } finally {
      proto.send = send;
    }
  });

  it('rebuilds a refused statement as the Postgres error, with its fields', async () => {
    await database.db.execute(sql`create table thread_unique (k text constraint thread_unique_k unique)`);
    await database.db.execute(sql`insert into thread_unique values ('a')`);
    // With a parameter: the statement is prepared in the thread, and refused at its execution.
    const thrown = await database.db.execute(sql`insert into thread_unique values (${'a'})`).catch((e: unknown) => e);
    expect(sqlStateOf(thrown)).toBe('23505');
    expect(constraintOf(thrown)).toBe('thread_unique_k');
    const pgError = (thrown as { cause: Record<string, unknown> }).cause;
    expect(pgError).toMatchObject({ severity: 'ERROR', table: 'thread_unique', detail: 'Key (k)=(a) already exists.' });
    // Classified as the service's own code where transactions run.
    await expect(database.system((tx) => tx.execute(sql`insert into thread_unique values ('a')`))).rejects.toMatchObject({
      code: 'conflict',
      details: { sqlstate: '23505', constraint: 'thread_unique_k' },
    });
  });

  it('runs a prepared statement again after DDL changed the columns it returns, in a transaction too', async () => {
    await database.db.execute(sql`create table thread_ddl (k int)`);
    await database.db.execute(sql`insert into thread_ddl values (${1})`);
    const read = () => database.system((tx) => rowsOf(tx.execute(sql`select * from thread_ddl where k = ${1}`)));
    expect(await read()).toEqual([{ k: 1 }]);
    await database.db.execute(sql`alter table thread_ddl add column v text default 'new'`);
    expect(await read()).toEqual([{ k: 1, v: 'new' }]);
    await database.db.execute(sql`alter table thread_ddl drop column v`);
    expect(await read()).toEqual([{ k: 1 }]);
  });

  it('rolls a failed transaction back and serves the next one', async () => {
    await database.db.execute(sql`create table thread_rows (k int)`);
    await expect(
      database.system(async (tx) => {
        await tx.execute(sql`insert into thread_rows values (1)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.system((tx) => tx.execute(sql`insert into thread_rows values (2)`));
    expect(await rowsOf(database.db.execute(sql`select k from thread_rows order by k`))).toEqual([{ k: 2 }]);
  });

  it('leaves no aborted transaction behind a script that failed inside its own BEGIN', async () => {
    // pg-boss sends BEGIN … COMMIT scripts (creating a queue) and rolls back only after the failure
    // reaches it, by then too late: the transaction queued behind the script opened on an aborted
    // session and failed with "current transaction is aborted".
    const client = (database.db as unknown as { $client: { exec(text: string): Promise<unknown> } }).$client;
    const script = client.exec('BEGIN; SELECT 1/0; COMMIT;');
    const next = database.system((tx) => rowsOf(tx.execute(sql`select 1 as one`)));
    await expect(script).rejects.toThrow(/division by zero/);
    expect(await next).toEqual([{ one: 1 }]);
  });

  it('hands back values as PGlite parses them, timestamps as text for drizzle', async () => {
    const rows = await rowsOf(
      database.db.execute(
        sql`select 7::int as i, '{"a":[1]}'::jsonb as j, '\\x0102'::bytea as b, timestamptz '2024-05-08 10:00:00+00' as t, null::text as n`,
      ),
    );
    expect(rows[0]).toEqual({ i: 7, j: { a: [1] }, b: new Uint8Array([1, 2]), t: '2024-05-08 10:00:00+00', n: null });
  });

  it('returns a prepared statement\'s rows as PGlite\'s own query returns them', async () => {
    const client = (database.db as unknown as { $client: PGliteThread }).$client;
    await client.exec(`create type thread_mood as enum ('calm', 'busy')`);
    // The service's common column types, arrays (of built-in types and of a type made after the
    // thread opened) among them; with a parameter the statement is prepared, without one PGlite runs it.
    const columns = `7::int as i, 9007199254740993::int8 as big, 1.5::float8 as f, 0.25::real as r, true as yes,
      '{"a":[1]}'::jsonb as j, '\\x0102'::bytea as b, timestamptz '2024-05-08 10:00:00+00' as t, date '2024-05-08' as d,
      null::text as n, array['a', null, 'b c']::text[] as texts, array[1, 2]::int[] as ints,
      array['00000000-0000-4000-8000-000000000001']::uuid[] as ids, array['calm', 'busy']::thread_mood[] as moods,
      '[1,2.5]'::vector as v, 'x''y'::text as quoted`;
    for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { 1184: (text: string) => `parsed ${text}` } }]) {
      const prepared = await client.query(`select ${columns} where $1::int = 1`, [1], options);
      const unprepared = await client.query(`select ${columns}`, [], options);
      expect(prepared.rows).toEqual(unprepared.rows);
      expect(prepared.fields).toEqual(unprepared.fields);
    }
    await client.exec('create table thread_written (k int)');
    const written = await client.query('insert into thread_written select g from generate_series(1, $1::int) g', [3]);
    expect(written.affectedRows).toBe(3);
    expect((await client.query('select count(*)::int as n from thread_written where k > $1', [0])).rows).toEqual([{ n: 3 }]);
  });

  it('hands an answer already sent to its caller at takeDatabaseAnswers, before the event loop reads the port', async () => {
    const client = (database.db as unknown as { $client: PGliteThread }).$client;
    const microtasks = async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve();
    };
    let answered = false;
    const answer = client.query('select 1 as n').then(() => (answered = true));
    // This thread sleeps (no event-loop turn) while the database thread answers onto the port.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    await microtasks();
    expect(answered).toBe(false);
    takeDatabaseAnswers();
    await microtasks();
    expect(answered).toBe(true);
    await answer;
  });

  it('delivers NOTIFY to a listener in the serving thread until it stops listening', async () => {
    const client = (database.db as unknown as { $client: { listen(c: string, cb: (p: string) => void): Promise<() => Promise<void>> } })
      .$client;
    const heard: string[] = [];
    const stop = await client.listen('thread_channel', (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_notify('thread_channel', 'one')`);
    // Prepared (a parameter): the notification comes in the answer of the thread's own prepared path.
    await database.db.execute(sql`select pg_notify('thread_channel', ${'one again'})`);
    await stop();
    await database.db.execute(sql`select pg_notify('thread_channel', 'two')`);
    expect(heard).toEqual(['one', 'one again']);
  });
  describe('a read as the caller (readsAsUser), its statements run apart', () => {
    const userId = '00000000-0000-4000-8000-000000000002';
    const who = (n: number) =>
      sql`select current_user::text as role, current_setting('svc.user_id', true) as user_id, current_setting('svc.probe', true) as probe, ${n}::int as n`;
    const caller = { role: 'svc_authenticated', user_id: userId, probe: 'given' };

    it('leaves the connection to other transactions between its statements, each statement under its role and settings', async () => {
      await database.db.execute(sql`create table thread_apart (k int)`);
      await database.db.execute(sql`grant select on thread_apart to svc_authenticated`);
      const seen = await database.readsAsUser(
        { userId },
        async (tx) => {
          const first = await rowsOf(tx.execute(who(1)));
          // In one transaction this would wait for the read to end, which waits for it: a deadlock.
          const between = await rowsOf(
            database.system(async (t) => {
              await t.execute(sql`insert into thread_apart values (${7})`);
              return t.execute(who(2));
            }),
          );
          const second = await rowsOf(tx.execute(who(3)));
          // Committed before this statement began: READ COMMITTED sees it, as in one transaction.
          const rows = await rowsOf(tx.execute(sql`select k from thread_apart where k > ${0}`));
          return { first, between, second, rows };
        },
        { 'svc.probe': 'given' },
      );
      expect(seen.first).toEqual([{ ...caller, n: 1 }]);
      expect(seen.second).toEqual([{ ...caller, n: 3 }]);
      expect(seen.rows).toEqual([{ k: 7 }]);
      const [between] = seen.between as { role: string; user_id: string | null; probe: string | null }[];
      expect(between?.role).not.toBe('svc_authenticated');
      expect(between?.user_id ?? '').toBe('');
      expect(between?.probe ?? '').toBe('');
    });

    it('runs statements without parameters and scripts under its role too, read-only', async () => {
      const seen = await database.readsAsUser({ userId }, async (tx) => ({
        plain: await rowsOf(tx.execute(sql`select current_user::text as role, current_setting('transaction_read_only') as ro`)),
        write: await tx.execute(sql`create table thread_apart_refused (k int)`).catch((err: unknown) => sqlStateOf(err)),
      }));
      expect(seen).toEqual({ plain: [{ role: 'svc_authenticated', ro: 'on' }], write: '25006' });
    });

    it("answers a failed statement with its error, and the read's next statement and the next transaction run", async () => {
      const seen = await database.readsAsUser(
        { userId },
        async (tx) => ({
          failed: await tx.execute(sql`select 1 / ${0}::int as x`).catch((err: unknown) => sqlStateOf(err)),
          next: await rowsOf(tx.execute(who(4))),
        }),
        { 'svc.probe': 'given' },
      );
      expect(seen).toEqual({ failed: '22012', next: [{ ...caller, n: 4 }] });
      const [row] = (await rowsOf(database.system((t) => t.execute(sql`select ${5}::int as five`)))) as { five: number }[];
      expect(row?.five).toBe(5);
    });

    it('statementsAsUser: each statement commits on its own under the role, and a failed later one leaves it', async () => {
      await database.db.execute(sql`create table thread_each (k int)`);
      await database.db.execute(sql`grant select, insert on thread_each to svc_authenticated`);
      const seenBetween: unknown[] = [];
      const failed = await database
        .statementsAsUser({ userId }, async (tx) => {
          await tx.execute(sql`insert into thread_each values (${1})`);
          // Committed already: another transaction sees it while this work goes on.
          seenBetween.push(...(await rowsOf(database.system((t) => t.execute(sql`select k from thread_each`)))));
          await tx.execute(sql`insert into thread_each values (${1} / ${0}::int)`);
        })
        .catch((err: unknown) => sqlStateOf(err));
      expect(failed).toBe('22012');
      expect(seenBetween).toEqual([{ k: 1 }]);
      expect(await rowsOf(database.db.execute(sql`select k from thread_each`))).toEqual([{ k: 1 }]);
      const under = await database.statementsAsUser({ userId }, (tx) => rowsOf(tx.execute(who(6))), { 'svc.probe': 'given' });
      expect(under).toEqual([{ ...caller, n: 6 }]);
    });

    it('runs a statement again after DDL changed the columns it returns', async () => {
      await database.db.execute(sql`create table thread_apart_ddl (k int)`);
      await database.db.execute(sql`grant select on thread_apart_ddl to svc_authenticated`);
      await database.db.execute(sql`insert into thread_apart_ddl values (${1})`);
      // DDL from a parameterised statement: the thread cannot tell it changed anything.
      await database.db.execute(
        sql.raw(`create function thread_apart_alter(t text) returns void language plpgsql as $$
          begin execute format('alter table %I add column v text default ''new''', t); end $$`),
      );
      const read = () => database.readsAsUser({ userId }, (tx) => rowsOf(tx.execute(sql`select * from thread_apart_ddl where k = ${1}`)));
      expect(await read()).toEqual([{ k: 1 }]);
      await database.db.execute(sql`select thread_apart_alter(${'thread_apart_ddl'})`);
      expect(await read()).toEqual([{ k: 1, v: 'new' }]);
      expect(await read()).toEqual([{ k: 1, v: 'new' }]);
    });
  });
});

describe('the embedded database in the serving thread (DATABASE_WORKER_THREAD=0)', () => {
  it('holds the thread for the whole statement', async () => {
    const database = await openDatabase({ dataDir: 'memory://', workerThread: false, migrate: false });
    try {
      expect(await turnsDuring(() => database.db.execute(LONG_STATEMENT))).toBe(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});

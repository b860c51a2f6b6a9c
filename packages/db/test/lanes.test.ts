// The embedded database takes a waiting interactive transaction before waiting bulk ones, and those before background ones.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentDatabaseLane, inBackgroundLane, inDatabaseLane, LaneGate, openDatabase, type Database, type DatabaseLane } from '../src/index';

/** A promise and the function that settles it. */
function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('LaneGate', () => {
  it('runs one at a time, interactive waiters first, each lane in arrival order', async () => {
    const gate = new LaneGate();
    const order: string[] = [];
    const first = latch();
    const enter = (name: string, lane: DatabaseLane, hold?: Promise<void>) =>
      inDatabaseLane(lane, () =>
        gate.run(async () => {
          order.push(name);
          await hold;
        }),
      );
    const all = [enter('bulk 1', 'bulk', first.opened), enter('bulk 2', 'bulk'), enter('bulk 3', 'bulk')];
    all.push(enter('card', 'interactive'), enter('board', 'interactive'));
    await turn();
    expect(order).toEqual(['bulk 1']);
    expect(gate.queued).toEqual({ interactive: 2, bulk: 2, background: 0 });
    first.open();
    await Promise.all(all);
    expect(order).toEqual(['bulk 1', 'card', 'board', 'bulk 2', 'bulk 3']);
  });

  it('lets background work in only when nothing else waits', async () => {
    const gate = new LaneGate();
    const order: string[] = [];
    const first = latch();
    const enter = (name: string, lane: DatabaseLane, hold?: Promise<void>) =>
      inDatabaseLane(lane, () =>
        gate.run(async () => {
          order.push(name);
          await hold;
        }),
      );
    const all = [enter('remember 1', 'bulk', first.opened), enter('check 1', 'background'), enter('check 2', 'background')];
    all.push(enter('remember 2', 'bulk'), enter('card', 'interactive'));
    await turn();
    expect(gate.queued).toEqual({ interactive: 1, bulk: 1, background: 2 });
    first.open();
    await Promise.all(all);
    expect(order).toEqual(['remember 1', 'card', 'remember 2', 'check 1', 'check 2']);
  });

  it('lets the next one in when a transaction fails', async () => {
    const gate = new LaneGate();
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(() => Promise.resolve('after'))).toBe('after');
  });
});

describe('inBackgroundLane', () => {
  it('puts work nobody chose a lane for in the bulk lane, and keeps a lane a caller chose', async () => {
    expect(inBackgroundLane(() => currentDatabaseLane())).toBe('bulk');
    expect(await inBackgroundLane(async () => { await turn(); return currentDatabaseLane(); })).toBe('bulk');
    expect(inDatabaseLane('interactive', () => inBackgroundLane(() => currentDatabaseLane()))).toBe('interactive');
    expect(currentDatabaseLane()).toBe('interactive');
  });
});

describe('the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  }, 60_000);
  afterAll(() => database.close());

  /** A bulk transaction that holds the thread, once it has started ('search' in `order`), until released. */
  async function heldSearch(order: string[]) {
    const hold = latch();
    const running = inDatabaseLane('bulk', () =>
      database.system(async (t) => {
        await t.execute('select 1');
        order.push('search');
        await hold.opened;
      }),
    );
    while (order.length === 0) await turn();
    return { running, release: hold.open };
  }

  it('opens a queued interactive transaction before queued bulk ones, and background ones last', async () => {
    const order: string[] = [];
    const hold = latch();
    const tx = (name: string, lane: DatabaseLane, wait?: Promise<void>) =>
      inDatabaseLane(lane, () =>
        database.system(async (t) => {
          await t.execute('select 1');
          order.push(name);
          await wait;
        }),
      );
    const running = tx('search 1', 'bulk', hold.opened);
    while (order.length === 0) await turn();
    const queued = [tx('check', 'background'), tx('search 2', 'bulk'), tx('remember', 'bulk'), tx('card create', 'interactive')];
    await turn();
    hold.open();
    await Promise.all([running, ...queued]);
    expect(order).toEqual(['search 1', 'card create', 'search 2', 'remember', 'check']);
  });

  it("appends a background read's lines after the queued calls, in the database thread's queue", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-lanes-'));
    const path = join(dir, 'lines');
    await writeFile(path, '');
    const order: string[] = [];
    const { running, release } = await heldSearch(order);
    const lines = inDatabaseLane('background', () => database.appendLines("select 'spooled' as line", path)).then(() => order.push('lines'));
    const card = inDatabaseLane('interactive', () => database.system((t) => t.execute('select 1'))).then(() => order.push('card create'));
    await turn();
    release();
    await Promise.all([running, lines, card]);
    expect(order).toEqual(['search', 'card create', 'lines']);
    expect(await readFile(path, 'utf8')).toBe('spooled\n');
    await rm(dir, { recursive: true, force: true });
  });

  it('starts background work only after a quiet spell with no call', async () => {
    await inDatabaseLane('bulk', () => database.system((t) => t.execute('select 1')));
    const callEnded = performance.now();
    let started = 0;
    await inDatabaseLane('background', () =>
      database.system(async (t) => {
        await t.execute('select 1');
        started = performance.now();
      }),
    );
    // The thread waits 10 ms from the call's end; its answers take a little of that to arrive here.
    expect(started - callEnded).toBeGreaterThanOrEqual(5);
  });

  it('lets background work through within about a second however busy the calls keep it', async () => {
    let calling = true;
    const caller = async () => {
      while (calling) await inDatabaseLane('bulk', () => database.system((t) => t.execute('select 1')));
    };
    const callers = [caller(), caller(), caller()];
    const sent = performance.now();
    try {
      await inDatabaseLane('background', () => database.system((t) => t.execute('select 1')));
      // Waited its second (less the timer's granularity), not for the calls to stop.
      const waited = performance.now() - sent;
      expect(waited).toBeGreaterThanOrEqual(900);
      expect(waited).toBeLessThan(2500);
    } finally {
      calling = false;
      await Promise.all(callers);
    }
  });

  it('runs a queued statement of background work (no lane chosen) after a queued card transaction', async () => {
    const order: string[] = [];
    const { running, release } = await heldSearch(order);
    // drizzle runs a query when it is awaited: inside the lane, not where the promise is handed out.
    const background = inBackgroundLane(async () => await database.db.execute('select 1')).then(() => order.push('pg-boss poll'));
    await turn();
    const card = inDatabaseLane('interactive', () =>
      database.system(async (t) => {
        await t.execute('select 1');
        order.push('card create');
      }),
    );
    await turn();
    release();
    await Promise.all([running, background, card]);
    expect(order).toEqual(['search', 'card create', 'pg-boss poll']);
  });
});

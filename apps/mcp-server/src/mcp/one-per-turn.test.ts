// OnePerTurn: waiting work released one item per event-loop turn, with I/O handled in between.
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { OnePerTurn } from './one-per-turn';

describe('OnePerTurn', () => {
  it('releases callers in the order they waited, one per turn, with I/O delivered between two releases', async () => {
    const events: string[] = [];
    const gate = new OnePerTurn(() => events.push('before'));
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (m: string) => events.push(m));
    const callers = [1, 2, 3].map((n) =>
      gate.turn().then(() => {
        events.push(`released ${n}`);
        // An answer arriving from another thread while this caller works.
        if (n === 1) port2.postMessage('message');
      }),
    );
    expect(gate.queued).toBe(3);
    await Promise.all(callers);
    port1.close();
    expect(events).toEqual(['before', 'released 1', 'message', 'before', 'released 2', 'before', 'released 3']);
    expect(gate.queued).toBe(0);
  });

  it('does not release anyone in the turn they started waiting', async () => {
    const gate = new OnePerTurn();
    let released = false;
    const waiting = gate.turn().then(() => (released = true));
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(released).toBe(false);
    await waiting;
    expect(released).toBe(true);
  });
});

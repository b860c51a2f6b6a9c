// Starts waiting work one item per turn of the event loop, so what is already under way is not held up by a burst of new work.

/**
 * When 50 sessions call at once, the serving thread would start all 50 tool calls in one turn of
 * its event loop (each parses its input, reads its query's dates, builds its first statements), and
 * every answer the database thread sends back meanwhile (the next hop of a transaction that holds
 * the embedded database's one connection) waited for all of them: a card create whose transaction
 * needed a few hops then took 100-200 ms. Released one per turn, the answers that arrived are
 * handled between two starts (Node runs I/O callbacks before the next `setImmediate`).
 */
export class OnePerTurn {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** `beforeEach` runs before each release, in the same turn (e.g. handing over answers already in). */
  constructor(private readonly beforeEach: () => void = () => undefined) {}

  /** Resolves in a later turn of the event loop, after the callers that waited before. */
  turn(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  /** Callers not yet released (for tests and diagnostics). */
  get queued(): number {
    return this.waiting.length;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // An immediate set while immediates run waits for the next turn: I/O is handled in between.
    setImmediate(() => {
      this.scheduled = false;
      this.beforeEach();
      this.waiting.shift()?.();
      if (this.waiting.length > 0) this.schedule();
    });
  }
}

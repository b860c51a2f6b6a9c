// Times every request the serving thread sends to the database thread (drizzle's query builder's
// included), keyed by its operation and first words, for the profiling tools.
import { PGliteThread } from '../../packages/db/src/client/thread/pglite-proxy';

export interface ThreadRequestTimes {
  /** Milliseconds per request key. */
  readonly byKey: Map<string, number[]>;
  /** Start and end of every request, for how much of a span the database was busy. */
  readonly spans: [number, number][];
  clear(): void;
}

/** Patches PGliteThread once for the process; the tools run one store each. */
export function timeThreadRequests(): ThreadRequestTimes {
  const byKey = new Map<string, number[]>();
  const spans: [number, number][] = [];
  const proto = PGliteThread.prototype as unknown as { send(request: Record<string, unknown>): Promise<unknown> };
  const send = proto.send;
  proto.send = async function (this: unknown, request) {
    const started = performance.now();
    try {
      return await send.call(this, request);
    } finally {
      const text = typeof request.text === 'string' ? request.text.replace(/\s+/g, ' ').slice(0, 70) : '';
      const key = `${String(request.op)}${request.begin ? '+begin' : ''} ${text}`;
      byKey.set(key, [...(byKey.get(key) ?? []), performance.now() - started]);
      spans.push([started, performance.now()]);
    }
  };
  return {
    byKey,
    spans,
    clear() {
      byKey.clear();
      spans.length = 0;
    },
  };
}

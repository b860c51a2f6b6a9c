// Joins a stdio client to a session served by the process holding the data, and survives a change of holder.
import type { Duplex, Readable, Writable } from 'node:stream';

export interface StdioBridgeOptions {
  input: Readable;
  output: Writable;
  /** A fresh connection to a session of whoever holds the data now (this process or another). */
  connect(): Promise<Duplex>;
  onReconnect?(): void;
  /**
   * Whether a call may run twice: one in flight when its holder went is sent again to the next
   * holder instead of being answered "retry" (it may or may not have run there). Default: none.
   */
  mayRepeat?(frame: Frame): boolean;
}

export interface Frame {
  id?: string | number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

const REPLAY_ID = 'svc-bridge-replay';

function parse(line: string): Frame | null {
  try {
    return JSON.parse(line) as Frame;
  } catch {
    return null;
  }
}

/** Calls newline-delimited JSON back, one complete line at a time. */
function onLines(stream: Readable, fn: (line: string) => void): void {
  let rest = '';
  stream.on('data', (chunk: Buffer | string) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') fn(line);
  });
}

/**
 * The client's handshake is kept and replayed to a new holder, so an agent's session goes on when the
 * data changes hands (a server taking over from a stdio session); calls in flight at that moment are
 * sent again to the new holder when they may run twice (`mayRepeat`), else answered with an error
 * the agent can retry. Resolves when the client hangs up.
 */
export function runStdioBridge(opts: StdioBridgeOptions): Promise<void> {
  let initialize: Frame | null = null;
  let initialized: string | null = null;
  /** Calls written to the holder and not answered yet, with their lines. */
  const pending = new Map<string | number, { frame: Frame; line: string }>();
  let backend: Duplex | null = null;
  let queue: string[] = [];
  let inputEnded = false;

  const toClient = (frame: object) => opts.output.write(`${JSON.stringify(frame)}\n`);
  const toBackend = (line: string, frame = parse(line)) => {
    if (!backend) {
      queue.push(line);
      return;
    }
    if (frame?.id !== undefined && frame.id !== REPLAY_ID && frame.method !== undefined) pending.set(frame.id, { frame, line });
    backend.write(`${line}\n`);
  };

  return new Promise<void>((resolve, reject) => {
    const attach = (socket: Duplex, replay: boolean) => {
      backend = socket;
      const held = queue;
      queue = [];
      if (replay && initialize) toBackend(JSON.stringify({ ...initialize, id: REPLAY_ID }));
      if (replay && initialized) toBackend(initialized);
      for (const line of held) toBackend(line);
      onLines(socket, (line) => {
        const frame = parse(line);
        if (frame?.id === REPLAY_ID) return;
        if (frame?.id !== undefined && frame.method === undefined) pending.delete(frame.id);
        opts.output.write(`${line}\n`);
      });
      // The holder hung up: a line written from now on would be lost unread, so it waits for the next
      // holder instead of being answered "retry" (only calls written before this may have run).
      socket.once('end', () => {
        if (backend === socket) backend = null;
      });
      socket.once('close', () => {
        backend = null;
        if (inputEnded) return resolve();
        const again: string[] = [];
        for (const [id, { frame, line }] of pending) {
          if (opts.mayRepeat?.(frame)) again.push(line);
          else toClient({ jsonrpc: '2.0', id, error: { code: -32603, message: 'The memory service changed process during this call; retry it' } });
        }
        pending.clear();
        // Ahead of anything the client wrote meanwhile, as it wrote them first.
        queue = [...again, ...queue];
        opts.onReconnect?.();
        opts.connect().then((next) => attach(next, true), reject);
      });
    };

    onLines(opts.input, (line) => {
      const frame = parse(line);
      if (frame?.method === 'initialize') initialize = frame;
      if (frame?.method === 'notifications/initialized') initialized = line;
      toBackend(line, frame);
    });
    opts.input.once('end', () => {
      inputEnded = true;
      if (backend) backend.end();
      else resolve();
    });
    opts.connect().then((first) => attach(first, false), reject);
  });
}

// The stdio bridge when the process holding the data goes mid-call: calls that may run twice go to the next holder.
import { createServer, connect as connectSocket, type Server, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { mayRepeat } from '../src/local/repeatable-calls';
import { runStdioBridge, type Frame } from '../src/local/stdio-bridge';

/** A holder on loopback: its connections' lines as they come, and the sockets to answer on. */
interface Holder {
  server: Server;
  port: number;
  lines: Frame[];
  sockets: Socket[];
  /** Resolves once `n` lines have come in. */
  received(n: number): Promise<void>;
}

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function holder(): Promise<Holder> {
  const lines: Frame[] = [];
  const sockets: Socket[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    let rest = '';
    socket.on('data', (chunk) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) lines.push(JSON.parse(part) as Frame);
      for (const w of waiters.filter((w) => lines.length >= w.n)) w.resolve();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const received = (n: number) =>
    lines.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }));
  return { server, port, lines, sockets, received };
}

const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });

describe('stdio bridge', () => {
  it('sends a read in flight to the next holder, and answers a write in flight with "retry"', async () => {
    const first = await holder();
    const second = await holder();
    const ports = [first.port, second.port];
    const input = new PassThrough();
    const output = new PassThrough();
    const answers: Frame[] = [];
    let rest = '';
    output.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) answers.push(JSON.parse(part) as Frame);
    });
    const done = runStdioBridge({
      input,
      output,
      connect: () => Promise.resolve(connectSocket(ports.shift()!, '127.0.0.1')),
      mayRepeat,
    });
    const write = (frame: object) => input.write(`${JSON.stringify(frame)}\n`);
    write({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    await first.received(1);
    first.sockets[0]!.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} })}\n`);
    write({ jsonrpc: '2.0', method: 'notifications/initialized' });
    write(call(2, 'recall'));
    write(call(3, 'remember'));
    await first.received(4);
    // The first holder goes without answering either call.
    first.sockets[0]!.destroy();

    // The next one gets the handshake again, then the read alone.
    await expect.poll(() => second.lines.length, { timeout: 5_000 }).toBe(3);
    expect(second.lines.map((f) => [f.method, (f.params as { name?: string } | undefined)?.name])).toEqual([
      ['initialize', undefined],
      ['notifications/initialized', undefined],
      ['tools/call', 'recall'],
    ]);
    expect(second.lines[2]!.id).toBe(2);
    second.sockets[0]!.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, result: { content: [] } })}\n`);
    await expect.poll(() => answers.map((a) => a.id)).toEqual([1, 3, 2]);
    expect(answers[1]!.error).toMatchObject({ code: -32603, message: expect.stringContaining('retry') });
    expect(answers[2]!.result).toEqual({ content: [] });
    input.end();
    await done;
  });

  it('repeats reads and idempotent tools only', () => {
    expect(mayRepeat(call(1, 'recall'))).toBe(true);
    expect(mayRepeat(call(1, 'forget'))).toBe(true); // idempotent
    expect(mayRepeat(call(1, 'remember'))).toBe(false);
    expect(mayRepeat(call(1, 'card'))).toBe(false);
    expect(mayRepeat({ id: 1, method: 'resources/read' })).toBe(true);
    expect(mayRepeat({ id: 1, method: 'initialize' })).toBe(false);
  });
});

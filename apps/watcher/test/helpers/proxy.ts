// A recording HTTP proxy in front of the server: sees every byte the watcher sends, and can answer 429 or stall.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentChunk {
  at: number;
  args: {
    transcript_chunk: string;
    run_id: string;
    session_key: string;
    sequence: number;
    project_hint?: string;
  };
}

export interface Proxy {
  url: string;
  /** Every ingest_conversation call that reached the server, in order. */
  chunks: SentChunk[];
  /** Every raw request body, including ones answered with 429. */
  bodies: { at: number; body: string; status?: number }[];
  /** The next `count` tool calls are answered 429 with this Retry-After, without reaching the server. */
  refuseNext(count: number, retryAfterSeconds: number): void;
  /** Tool call answers are held this long after the server gave them (0: not held). */
  holdAnswersMs: number;
  /** While true every connection is cut before an answer, as if the server were down. */
  down: boolean;
  /** The next `count` requests are cut the same way. */
  dropNext(count: number): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => resolve(Buffer.concat(parts)));
  });
}

export async function startProxy(target: string): Promise<Proxy> {
  let refusals = 0;
  let drops = 0;
  let retryAfter = 0;
  const upstream = new URL(target);
  const proxy: Proxy = {
    url: '',
    chunks: [],
    bodies: [],
    holdAnswersMs: 0,
    down: false,
    dropNext(count) {
      drops = count;
    },
    refuseNext(count, seconds) {
      refusals = count;
      retryAfter = seconds;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const body = await readBody(req);
      if (proxy.down || drops > 0) {
        drops = Math.max(drops - 1, 0);
        req.socket.destroy();
        return;
      }
      const text = body.toString();
      const record: Proxy['bodies'][number] = { at: Date.now(), body: text };
      proxy.bodies.push(record);
      const toolCall = text.includes('"tools/call"');
      if (toolCall && refusals > 0) {
        refusals--;
        record.status = 429;
        res.writeHead(429, {
          'retry-after': String(retryAfter),
          'content-type': 'application/json',
        });
        res.end(JSON.stringify({ error: { code: 'rate_limited', message: 'slow down' } }));
        return;
      }
      if (toolCall) {
        const call = JSON.parse(text) as { params: { name: string; arguments: SentChunk['args'] } };
        if (call.params.name === 'ingest_conversation')
          proxy.chunks.push({ at: Date.now(), args: call.params.arguments });
      }
      const headers = { ...req.headers, host: upstream.host };
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers,
        },
        (answer) => {
          const reply = () => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          };
          if (toolCall && proxy.holdAnswersMs > 0) setTimeout(reply, proxy.holdAnswersMs);
          else reply();
        },
      );
      out.on('error', () => res.destroy());
      out.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

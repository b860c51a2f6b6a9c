// A local stand-in for an OpenAI-compatible /v1/embeddings endpoint, speaking its real wire format.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: { model?: string; input?: string[]; dimensions?: number; encoding_format?: string };
}

/** Decides the answer to one request; the default answers like OpenAI does. */
export type Behaviour = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface FakeEmbeddingsServer {
  /** Base URL as the OpenAI SDK takes it, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  behave(behaviour: Behaviour): void;
  close(): Promise<void>;
}

/** A deterministic vector per text: letter counts, so similar texts get similar vectors. */
export function letterVector(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const ch of text.toLowerCase()) {
    const code = ch.charCodeAt(0);
    if (code >= 97 && code <= 122)
      v[(code - 97) % dimensions] = (v[(code - 97) % dimensions] ?? 0) + 1;
  }
  v[dimensions - 1] = (v[dimensions - 1] ?? 0) + 0.5; // never the zero vector
  return v;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * Answers in the real format. `reverse` lists the items last-to-first, as the spec allows;
 * `ignoreDimensions` plays a server that does not support shortening.
 */
export function embeddingsAnswer(
  dimensions: number,
  options: { reverse?: boolean; ignoreDimensions?: boolean } = {},
): Behaviour {
  return (req, res) => {
    const input = req.body.input ?? [];
    const data = input.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: letterVector(
        text,
        (options.ignoreDimensions ? undefined : req.body.dimensions) ?? dimensions,
      ),
    }));
    if (options.reverse) data.reverse();
    const tokens = input.join(' ').split(/\s+/).length;
    sendJson(res, 200, {
      object: 'list',
      data,
      model: req.body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeEmbeddingsServer(dimensions = 26): Promise<FakeEmbeddingsServer> {
  const requests: RecordedRequest[] = [];
  let behaviour: Behaviour = embeddingsAnswer(dimensions);
  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as RecordedRequest['body']) : {},
      };
      requests.push(recorded);
      if (recorded.method !== 'POST' || recorded.path !== '/v1/embeddings') {
        sendJson(res, 404, { error: { message: 'not found' } });
        return;
      }
      await behaviour(recorded, res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    behave: (b) => {
      behaviour = b;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

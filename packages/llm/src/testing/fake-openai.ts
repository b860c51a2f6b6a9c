// A fake OpenAI-compatible chat-completions server on loopback for tests: real HTTP, real wire format, scripted answers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  };
}

/** One scripted reply; each request takes the next, then the fallback. */
export type FakeStep =
  | { answer: unknown; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { content: string }
  | { status: number; retryAfter?: string; body?: string }
  | { hang: true }
  | { body: string };

export interface FakeLlm {
  /** The base URL to configure (`LLM_BASE_URL`), ending in `/v1`. */
  url: string;
  requests: RecordedRequest[];
  script(...steps: FakeStep[]): void;
  /** What to answer once the script is spent; without it, a 500. */
  fallback(reply: (request: RecordedRequest) => FakeStep): void;
  close(): Promise<void>;
}

function completion(content: string, usage = { prompt_tokens: 11, completion_tokens: 7 }) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fake',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

function reply(res: ServerResponse, step: FakeStep): void {
  if ('hang' in step) return; // never answered; the socket is destroyed at close
  const json = (status: number, payload: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(payload);
  };
  if ('answer' in step) return json(200, JSON.stringify(completion(JSON.stringify(step.answer), step.usage)));
  if ('content' in step) return json(200, JSON.stringify(completion(step.content)));
  if ('status' in step) {
    if (step.retryAfter !== undefined) res.setHeader('retry-after', step.retryAfter);
    return json(step.status, step.body ?? JSON.stringify({ error: { message: `scripted ${step.status}`, type: 'server_error' } }));
  }
  json(200, step.body);
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  const steps: FakeStep[] = [];
  let fallback: ((request: RecordedRequest) => FakeStep) | null = null;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const recorded: RecordedRequest = { path: req.url, headers: req.headers, body: JSON.parse(raw) as RecordedRequest['body'] };
      requests.push(recorded);
      reply(res, steps.shift() ?? fallback?.(recorded) ?? { status: 500, body: '{"error":{"message":"nothing scripted"}}' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...more) => void steps.push(...more),
    fallback: (fn) => void (fallback = fn),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

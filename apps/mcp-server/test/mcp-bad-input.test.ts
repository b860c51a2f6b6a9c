// Malformed requests at /mcp are the caller's mistake: never a 5xx, never -32603, never `internal`.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverWithUsers } from './helpers/fixture';

const fx = serverWithUsers(['ada'], { settings: { rateLimit: { toolCallsPerMinute: 1_000_000, burst: 1_000_000 } } });

interface Posted {
  status: number;
  text: string;
}

async function post(body: string | Uint8Array, headers: Record<string, string> = {}, token: string | null = fx.tokens.ada): Promise<Posted> {
  const res = await fetch(`${fx.h.url}/mcp`, {
    method: 'POST',
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });
  return { status: res.status, text: await res.text() };
}

/** Every JSON-RPC message in a plain JSON answer or an event stream. */
function messagesOf(text: string): { id?: unknown; error?: { code: number; message: string }; result?: { isError?: boolean; content?: { text?: string }[] } }[] {
  const frames = text.startsWith('event:') || text.includes('\ndata: ') || text.startsWith('data: ')
    ? text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice('data: '.length))
    : [text];
  return frames.filter((f) => f.trim() !== '').flatMap((f) => [JSON.parse(f)].flat());
}

/** A failure of ours shows as a 5xx, a JSON-RPC internal error, or the error body's `internal` (escaped or not). */
function ourFailure(posted: Posted): string | null {
  if (posted.status >= 500) return `status ${posted.status}`;
  if (/-32603/.test(posted.text)) return 'JSON-RPC -32603';
  if (/\\?"code\\?"\s*:\s*\\?"internal\\?"/.test(posted.text)) return 'code internal';
  return null;
}

function answerTo(text: string, id: number) {
  return messagesOf(text).find((m) => m.id === id);
}

async function toolNames(): Promise<string[]> {
  const posted = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  const [message] = messagesOf(posted.text) as { result: { tools: { name: string }[] } }[];
  return message!.result.tools.map((t) => t.name);
}

describe('tools/call whose arguments are not an object', () => {
  it('is invalid params (-32602) with a short message on every tool, never internal', async () => {
    const names = await toolNames();
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      for (const args of [[], 'x', 5, null, true]) {
        const posted = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } }));
        expect(ourFailure(posted), `${name} ${JSON.stringify(args)}`).toBeNull();
        const answer = answerTo(posted.text, 7);
        expect(answer?.error?.code, `${name} ${JSON.stringify(args)}`).toBe(-32602);
        // What to fix, not the validator's issue list (no JSON dump, no issue codes).
        expect(answer!.error!.message).toMatch(/^MCP error -32602: Invalid params for tools\/call: params\.arguments: /);
        expect(answer!.error!.message).not.toMatch(/[[{]\s*"|invalid_type|expected":/);
        expect(answer!.error!.message.length).toBeLessThan(200);
      }
    }
  });

  it('a call without a name is invalid params; params that are not an object are refused by the transport', async () => {
    for (const params of [{ arguments: {} }, { name: 5 }, {}]) {
      const posted = await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params }));
      expect(ourFailure(posted), JSON.stringify(params)).toBeNull();
      expect(answerTo(posted.text, 3)?.error?.code, JSON.stringify(params)).toBe(-32602);
    }
    // Not a JSON-RPC request at all (params must be structured): the SDK's transport answers 400.
    for (const params of [5, 'x', null]) {
      const posted = await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params }));
      expect(ourFailure(posted), JSON.stringify(params)).toBeNull();
      expect(posted.status, JSON.stringify(params)).toBe(400);
    }
  });

  it('an object of the wrong shape still reaches the tool and is refused as validation_failed', async () => {
    const posted = await post(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'remember', arguments: { content: 5 } } }));
    const answer = answerTo(posted.text, 4);
    expect(answer?.result?.isError, posted.text).toBe(true);
    expect(JSON.parse(answer!.result!.content![0]!.text!)).toMatchObject({ error: { code: 'validation_failed' } });
  });
});

describe('bodies that are not JSON in UTF-8', () => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const refused = [
    'application/json; charset=latin1',
    'application/json; charset=ISO-8859-1',
    'application/json; charset=utf-16',
    'application/json; charset="windows-1252"',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
  ];

  it.each(refused)('%s without a token is 401 (authentication comes first)', async (contentType) => {
    const posted = await post(body, { 'content-type': contentType }, null);
    expect(posted.status).toBe(401);
    expect(JSON.parse(posted.text)).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it.each(refused)('%s with a valid token is 400 with the error body', async (contentType) => {
    const posted = await post(body, { 'content-type': contentType });
    expect(posted.status).toBe(400);
    const parsed = JSON.parse(posted.text) as { error: { code: string; message: string } };
    expect(parsed.error.code).toBe('validation_failed');
    expect(parsed.error.message).toMatch(/^Request body must be /);
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON; Charset="UTF-8"'])('%s is served', async (contentType) => {
    const posted = await post(body, { 'content-type': contentType });
    expect(posted.status).toBe(200);
    expect(messagesOf(posted.text)[0]).toHaveProperty('result.tools');
  });

  it('a body that is not valid JSON is 400 with the error body', async () => {
    const posted = await post('{"jsonrpc": "2.0", ');
    expect(posted.status).toBe(400);
    expect(JSON.parse(posted.text)).toMatchObject({ error: { code: 'validation_failed' } });
  });
});

describe('bodies in a content encoding', () => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const corrupt = Buffer.from('this is not compressed at all, just text');
  const compressors: Record<string, (b: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

  it.each(Object.keys(compressors))('%s is decoded and served', async (encoding) => {
    const posted = await post(compressors[encoding]!(Buffer.from(body)), { 'content-encoding': encoding });
    expect(posted.status).toBe(200);
    expect(messagesOf(posted.text)[0]).toHaveProperty('result.tools');
  });

  // zstd was found by the generated test below (its errors are `ZSTD_error_…`, not zlib's `Z_…`).
  it.each([...Object.keys(compressors), 'zstd'])('a corrupt %s body is 400 validation_failed with the error body', async (encoding) => {
    const posted = await post(corrupt, { 'content-encoding': encoding });
    expect(posted.status).toBe(400);
    const parsed = JSON.parse(posted.text) as { error: { code: string; message: string } };
    expect(parsed.error).toMatchObject({ code: 'validation_failed', message: `Request body could not be decoded as ${encoding}` });
  });

  it('a truncated gzip body is 400 validation_failed', async () => {
    const whole = gzipSync(Buffer.from(body));
    const posted = await post(whole.subarray(0, whole.length - 12), { 'content-encoding': 'gzip' });
    expect(posted.status).toBe(400);
    expect(JSON.parse(posted.text)).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it.each(['compress', 'x-unknown', 'gzip, br'])('an unsupported encoding (%s) is 400 validation_failed with the error body', async (encoding) => {
    const posted = await post(body, { 'content-encoding': encoding });
    expect(posted.status).toBe(400);
    expect(JSON.parse(posted.text)).toMatchObject({ error: { code: 'validation_failed', message: 'Request body encoding is not supported' } });
  });

  it.each(Object.keys(compressors))('a corrupt %s body without a token is 401 (authentication comes first)', async (encoding) => {
    const posted = await post(corrupt, { 'content-encoding': encoding }, null);
    expect(posted.status).toBe(401);
    expect(JSON.parse(posted.text)).toMatchObject({ error: { code: 'unauthorized' } });
  });
});

// ---- generated JSON-RPC ---------------------------------------------------------------------------

const METHODS = [
  'initialize', 'ping', 'tools/list', 'tools/call', 'resources/list', 'resources/read', 'resources/templates/list',
  'resources/subscribe', 'prompts/list', 'prompts/get', 'completion/complete', 'logging/setLevel',
  'notifications/initialized', 'notifications/cancelled', 'notifications/progress', 'tasks/get', 'tasks/list',
  'sampling/createMessage', 'roots/list',
];
const TOOL_NAMES = [
  'remember', 'recall', 'build_context', 'forget', 'card', 'card_log', 'board', 'link', 'promote_rule', 'promote_loop',
  'search_memories', 'find_similar_memory', 'memory_version_history', 'list_conflicts', 'resolve_conflicts',
  'ingest_conversation', 'import_memory', 'move_memories', 'memory_audit', 'background_runs', 'no_such_tool',
];

const anyJson = fc.jsonValue({ maxDepth: 3 });
/** Ids of every JSON type, including ones JSON-RPC forbids and numbers no integer type holds. */
const id = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.constant(null),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(Number.MAX_SAFE_INTEGER + 2),
  fc.constant(1e300),
  anyJson,
);
const method = fc.oneof(fc.constantFrom(...METHODS), fc.string({ maxLength: 30 }), anyJson);
const toolCallParams = fc.record(
  {
    name: fc.oneof(fc.constantFrom(...TOOL_NAMES), anyJson),
    arguments: fc.oneof(anyJson, fc.dictionary(fc.constantFrom('content', 'query', 'action', 'id', 'project_hint', 'scope', 'k', 'type', 'title'), anyJson)),
    _meta: anyJson,
  },
  { requiredKeys: [] },
);
const knownShapes = fc.oneof(
  toolCallParams,
  fc.record({ uri: fc.oneof(fc.constantFrom('memory://rules', 'memory://nope', 'file:///etc/passwd', ''), anyJson) }, { requiredKeys: [] }),
  fc.record({ name: fc.oneof(fc.string(), anyJson), arguments: anyJson }, { requiredKeys: [] }),
  fc.record({ level: fc.oneof(fc.constantFrom('debug', 'info', 'emergency', 'loud'), anyJson) }),
  fc.record({ ref: anyJson, argument: anyJson, context: anyJson }, { requiredKeys: [] }),
  fc.record({ protocolVersion: fc.oneof(fc.constantFrom('2025-06-18', '1999-01-01'), anyJson), capabilities: anyJson, clientInfo: anyJson }, { requiredKeys: [] }),
  fc.record({ cursor: anyJson }),
);
const message = fc.record(
  {
    jsonrpc: fc.oneof({ weight: 4, arbitrary: fc.constant('2.0') }, fc.constantFrom('1.0', '2', '', 2), anyJson),
    id,
    method,
    params: fc.oneof(knownShapes, anyJson),
    result: anyJson,
    error: anyJson,
  },
  { requiredKeys: [] },
);
/** Envelopes the transport accepts, so what they carry reaches the method handlers. */
const wellFormed = fc.record(
  {
    jsonrpc: fc.constant('2.0'),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 20 })),
    method: fc.constantFrom(...METHODS),
    params: fc.oneof({ weight: 3, arbitrary: knownShapes }, anyJson),
  },
  { requiredKeys: ['jsonrpc', 'id', 'method'] },
);
const body = fc.oneof(
  { weight: 6, arbitrary: wellFormed.map((m) => JSON.stringify(m)) },
  { weight: 2, arbitrary: message.map((m) => JSON.stringify(m)) },
  fc.array(fc.oneof(wellFormed, message), { maxLength: 4 }).map((b) => JSON.stringify(b)),
  anyJson.map((j) => JSON.stringify(j)),
  // Numbers no double holds exactly, and text that is not JSON at all.
  fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890').map((n) => `{"jsonrpc":"2.0","id":${n},"method":"ping"}`),
  fc.string({ maxLength: 60 }),
);

describe('generated JSON-RPC thrown at /mcp with a valid token', () => {
  it('is never answered as our failure (no 5xx, no -32603, no internal)', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const posted = await post(text);
        expect(ourFailure(posted), `${text}\n→ ${posted.status} ${posted.text.slice(0, 500)}`).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});

/** Headers a client may send, well formed or not: printable ASCII only, since fetch refuses the rest. */
const headerText = fc.stringMatching(/^[\x20-\x7e]{0,30}$/);
const contentEncoding = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('identity', 'gzip', 'deflate', 'br', 'GZIP', 'zstd', 'compress', 'x-bogus', 'gzip, br', '') },
  headerText,
);
const contentType = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset', '*/*', '') },
  headerText,
);
const accept = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('application/json, text/event-stream', 'application/json', 'text/event-stream', '*/*', 'text/html', '', 'application/json;q=0, text/event-stream;q=0') },
  headerText,
);
const COMPRESSORS: Record<string, (b: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

describe('generated JSON-RPC with generated Content-Encoding, Content-Type and Accept', () => {
  it('is never answered as our failure (no 5xx, no -32603, no internal)', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(body, contentEncoding, contentType, accept, fc.boolean(), async (text, encoding, type, acceptHeader, compress) => {
        // Half the time the body really is in the encoding named (when it is one zlib knows).
        const compressor = COMPRESSORS[encoding.trim().toLowerCase()];
        const sent = compress && compressor ? compressor(Buffer.from(text)) : text;
        const posted = await post(sent, { 'content-encoding': encoding, 'content-type': type, accept: acceptHeader });
        expect(ourFailure(posted), `${encoding} | ${type} | ${acceptHeader} | ${compress}: ${text}\n→ ${posted.status} ${posted.text.slice(0, 500)}`).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});

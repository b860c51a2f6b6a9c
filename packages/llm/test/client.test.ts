// The language-model client against the fake endpoint over real HTTP: every scripted failure, retried or failed.
import { Writable } from 'node:stream';
import winston from 'winston';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isServiceError } from '@svc/errors';
import { createLogger, runWithRequestContext } from '@svc/observability';
import { createLlmClient, llmConfig, type LlmUsageEvent } from '../src';
import { startFakeLlm, type FakeLlm } from '../src/testing';

const Answer = z.object({ text: z.string(), confidence: z.number() });
const ask = { purpose: 'test', schemaName: 'answer', schema: Answer, messages: [{ role: 'user' as const, content: 'hi' }] };

let fake: FakeLlm;
let logs: Record<string, unknown>[];
let usage: LlmUsageEvent[];
let slept: number[];
beforeAll(async () => (fake = await startFakeLlm()));
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  logs = [];
  usage = [];
  slept = [];
});

function client(overrides: Parameters<typeof llmConfig>[0] extends infer C ? Partial<C> : never = {}) {
  const sink = new Writable({ write: (chunk: Buffer, _e, done) => (logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
  const logger = createLogger({ transports: [new winston.transports.Stream({ stream: sink })] });
  return createLlmClient({
    config: llmConfig({ baseUrl: `${fake.url}/`, model: 'fake-model', apiKey: 'k-test', timeoutMs: 300, backoffMs: 1, ...overrides }),
    logger,
    usage: { record: (e) => usage.push(e) },
    // Waits are recorded, not slept: the delays chosen are what is under test.
    sleep: async (ms) => void slept.push(ms),
  });
}

describe('the language-model client', () => {
  it('asks for strict structured output and returns the validated answer', async () => {
    fake.script({ answer: { text: 'hello', confidence: 0.9 }, usage: { prompt_tokens: 20, completion_tokens: 5 } });
    const answer = await runWithRequestContext({ requestId: 'req-1' }, () => client().complete({ ...ask, userId: null }));
    expect(answer).toEqual({ text: 'hello', confidence: 0.9 });
    const { body, headers } = fake.requests[0]!;
    expect(headers.authorization).toBe('Bearer k-test');
    expect(body.model).toBe('fake-model');
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'answer', strict: true } });
    expect(body.response_format!.json_schema!.schema).toMatchObject({ required: ['text', 'confidence'], additionalProperties: false });
    expect(usage).toEqual([expect.objectContaining({ purpose: 'test', outcome: 'ok', promptTokens: 20, completionTokens: 5, requestId: 'req-1' })]);
    const slow = logs.find((l) => l.message === 'slow_path');
    expect(slow).toMatchObject({ operation: 'llm.test', requestId: 'req-1', ok: true });
    expect(typeof slow!.duration_ms).toBe('number');
  });

  it('honours Retry-After on a 429 and then succeeds', async () => {
    fake.script({ status: 429, retryAfter: '2' }, { answer: { text: 'ok', confidence: 1 } });
    await expect(client().complete({ ...ask, runId: 'run-9' })).resolves.toEqual({ text: 'ok', confidence: 1 });
    expect(slept).toEqual([2000]);
    expect(fake.requests).toHaveLength(2);
    expect(logs.find((l) => l.message === 'slow_path')).toMatchObject({ runId: 'run-9', attempts: 2 });
  });

  it('backs off after a 500 and retries', async () => {
    fake.script({ status: 500 }, { answer: { text: 'ok', confidence: 1 } });
    await expect(client().complete(ask)).resolves.toMatchObject({ text: 'ok' });
    expect(slept).toHaveLength(1);
  });

  it('gives up on an attempt that hangs past the timeout, and retries it', async () => {
    fake.script({ hang: true }, { answer: { text: 'late', confidence: 1 } });
    await expect(client({ timeoutMs: 200 }).complete(ask)).resolves.toMatchObject({ text: 'late' });
    expect(logs.find((l) => l.message === 'llm_attempt_failed')).toMatchObject({ kind: 'timeout' });
  });

  it('never returns malformed JSON or an answer off the schema: retried, then a failed call', async () => {
    fake.script({ content: '{"text": "unfinished' }, { answer: { text: 'no confidence' } }, { body: 'not even JSON' });
    const failure = await client().complete(ask).catch((e: unknown) => e);
    expect(isServiceError(failure) && failure.code).toBe('internal');
    expect(isServiceError(failure) && failure.details).toMatchObject({ reason: 'llm_unavailable', retryable: true });
    expect(logs.filter((l) => l.message === 'llm_attempt_failed').map((l) => l.kind)).toEqual(['malformed', 'off_schema', 'malformed']);
    expect(usage).toEqual([expect.objectContaining({ outcome: 'internal', promptTokens: 22, completionTokens: 14 })]);
  });

  it('does not retry a request the endpoint rejects (400)', async () => {
    fake.script({ status: 400 });
    const failure = await client().complete(ask).catch((e: unknown) => e);
    expect(isServiceError(failure) && failure.details).toMatchObject({ reason: 'llm_rejected', status: 400 });
    expect(fake.requests).toHaveLength(1);
  });

  it('fails at once without waiting when Retry-After is longer than it will wait', async () => {
    fake.script({ status: 429, retryAfter: '3600' });
    const failure = await client().complete(ask).catch((e: unknown) => e);
    expect(isServiceError(failure) && failure.details).toMatchObject({ retry_after_seconds: 3600 });
    expect(slept).toEqual([]);
  });

  it('opens the breaker when the endpoint keeps failing, and stops calling it', async () => {
    fake.script({ status: 500 }, { status: 500 }, { status: 500 }, { answer: { text: 'never asked', confidence: 1 } });
    const llm = client({ breakerFailures: 3, maxAttempts: 3, breakerCooldownMs: 60_000 });
    await expect(llm.complete(ask)).rejects.toThrow();
    const failure = await llm.complete(ask).catch((e: unknown) => e);
    expect(isServiceError(failure) && failure.details).toMatchObject({ reason: 'llm_circuit_open' });
    expect(fake.requests).toHaveLength(3);
    expect(logs.some((l) => l.message === 'llm_breaker_open')).toBe(true);
  });
});

// The one client that speaks to the language model: structured answers, timeouts, retries, a breaker, usage.
import { ConsecutiveBreaker, BrokenCircuitError, circuitBreaker, handleWhen } from 'cockatiel';
import type { z } from 'zod';
import { ServiceError, unavailable } from '@svc/errors';
import { currentRequestId, type Logger } from '@svc/observability';
import { AttemptFailure, attemptCompletion } from './attempt';
import type { LlmConfig } from './config';
import type { LlmUsageSink } from './usage';
import { chatRequestBody, type ChatMessage } from './wire';

export interface StructuredRequest<T> {
  /** What the call is for: the ledger's and the log's name for it (`translate`). */
  purpose: string;
  /** The schema's name sent to the endpoint; the schema must be strict-mode friendly (nullable, not optional). */
  schemaName: string;
  schema: z.ZodType<T>;
  messages: ChatMessage[];
  userId?: string | null;
  /** The background run this call belongs to, logged beside duration_ms; the request id comes from context. */
  runId?: string | null;
  signal?: AbortSignal;
}

export interface LlmClient {
  readonly model: string;
  /** The validated answer, or a thrown `internal` ServiceError once every attempt failed: never an unchecked answer. */
  complete<T>(request: StructuredRequest<T>): Promise<T>;
}

export interface LlmClientDeps {
  config: LlmConfig;
  logger: Logger;
  usage?: LlmUsageSink;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });

/** Only the endpoint being away counts against it; an answer off the schema is the model's, not the endpoint's. */
const endpointFailure = (err: unknown) =>
  err instanceof AttemptFailure && (err.kind === 'timeout' || err.kind === 'network' || (err.kind === 'status' && err.retryable));

export function createLlmClient(deps: LlmClientDeps): LlmClient {
  const { config, logger } = deps;
  const doFetch = deps.fetch ?? fetch;
  const sleep = deps.sleep ?? defaultSleep;
  const breaker = circuitBreaker(handleWhen(endpointFailure), {
    halfOpenAfter: config.breakerCooldownMs,
    breaker: new ConsecutiveBreaker(config.breakerFailures),
  });
  breaker.onBreak(() => logger.warn('llm_breaker_open', { model: config.model, cooldown_ms: config.breakerCooldownMs }));
  breaker.onReset(() => logger.info('llm_breaker_closed', { model: config.model }));
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const url = `${config.baseUrl}/chat/completions`;

  async function attemptOnce<T>(request: StructuredRequest<T>, body: unknown) {
    return breaker.execute(() =>
      attemptCompletion({ url, headers, body, schema: request.schema, timeoutMs: config.timeoutMs, signal: request.signal, fetch: doFetch }),
    );
  }

  async function complete<T>(request: StructuredRequest<T>): Promise<T> {
    const body = chatRequestBody(config.model, request.messages, request.schemaName, request.schema);
    const tokens = { prompt: 0, completion: 0 };
    const count = (usage: AttemptFailure['usage']) => {
      tokens.prompt += usage?.prompt_tokens ?? 0;
      tokens.completion += usage?.completion_tokens ?? 0;
    };
    const started = performance.now();
    let outcome = 'ok';
    let attempts = 0;
    try {
      for (;;) {
        attempts += 1;
        try {
          const result = await attemptOnce(request, body);
          count(result.usage);
          return result.value;
        } catch (thrown) {
          if (thrown instanceof AttemptFailure) count(thrown.usage);
          const wait = nextWait(thrown, attempts, config);
          logger.warn('llm_attempt_failed', {
            purpose: request.purpose, attempt: attempts, runId: request.runId ?? undefined,
            kind: thrown instanceof AttemptFailure ? thrown.kind : 'circuit_open',
            status: thrown instanceof AttemptFailure ? thrown.status : undefined,
            error: thrown instanceof Error ? thrown.message : String(thrown),
            retry_in_ms: wait ?? undefined,
          });
          if (wait === null) throw finalError(thrown);
          await sleep(wait, request.signal);
        }
      }
    } catch (thrown) {
      outcome = thrown instanceof ServiceError ? thrown.code : 'internal';
      throw thrown;
    } finally {
      const durationMs = Math.round(performance.now() - started);
      // A known-slow path: its duration beside the request id (from context) or the run id.
      logger.info('slow_path', {
        operation: `llm.${request.purpose}`, duration_ms: durationMs, ok: outcome === 'ok', model: config.model,
        attempts, prompt_tokens: tokens.prompt, completion_tokens: tokens.completion, runId: request.runId ?? undefined,
      });
      deps.usage?.record({
        purpose: request.purpose, userId: request.userId ?? null, outcome, durationMs,
        promptTokens: tokens.prompt, completionTokens: tokens.completion,
        requestId: currentRequestId() ?? null, runId: request.runId ?? null,
      });
    }
  }

  return { model: config.model, complete };
}

/** Milliseconds before the next attempt, or null when there is none: exhausted, not retryable, or a long Retry-After. */
function nextWait(thrown: unknown, attempts: number, config: LlmConfig): number | null {
  if (!(thrown instanceof AttemptFailure) || !thrown.retryable || attempts >= config.maxAttempts) return null;
  if (thrown.retryAfterMs !== undefined) return thrown.retryAfterMs <= config.maxRetryAfterMs ? thrown.retryAfterMs : null;
  const backoff = config.backoffMs * 2 ** (attempts - 1);
  return Math.round(backoff / 2 + Math.random() * (backoff / 2));
}

function finalError(thrown: unknown): ServiceError {
  if (thrown instanceof BrokenCircuitError) {
    return unavailable('The language model is failing; calls are paused', {
      reason: 'llm_circuit_open', retryAfterSeconds: 60, cause: thrown,
    });
  }
  if (thrown instanceof AttemptFailure) {
    const retryAfterSeconds = Math.max(1, Math.ceil((thrown.retryAfterMs ?? 30_000) / 1000));
    if (!thrown.retryable) {
      return new ServiceError('internal', 'The language model refused the request', {
        details: { reason: 'llm_rejected', status: thrown.status }, cause: thrown,
      });
    }
    return unavailable(`The language model gave no usable answer (${thrown.kind})`, {
      reason: 'llm_unavailable', retryAfterSeconds, cause: thrown,
    });
  }
  return thrown instanceof ServiceError ? thrown : new ServiceError('internal', 'Language model call failed', { cause: thrown });
}

// The wire format of an OpenAI-compatible /v1/embeddings endpoint, and how its failures are classified.
import { ServiceError } from '@svc/errors';
import { z } from 'zod';

/** Only what is read; servers add fields (object, usage detail) that must not break parsing. */
export const embeddingsResponseSchema = z.object({
  data: z.array(
    z.object({ embedding: z.array(z.number()), index: z.number().int().nonnegative() }),
  ),
  model: z.string().optional(),
});

export type EmbeddingsResponse = z.infer<typeof embeddingsResponseSchema>;

export interface EmbeddingsRequest {
  model: string;
  input: string[];
  encoding_format: 'float';
  dimensions?: number;
}

/** The spec orders results by `index`, not by position: some servers answer out of order. */
export function vectorsInInputOrder(data: EmbeddingsResponse['data'], count: number): number[][] {
  const out = new Array<number[] | undefined>(count).fill(undefined);
  for (const item of data) {
    if (item.index >= count || out[item.index] !== undefined) {
      throw new ServiceError(
        'internal',
        `Embedding endpoint answered with a bad or repeated index ${item.index}`,
      );
    }
    out[item.index] = item.embedding;
  }
  const vectors = out.filter((v): v is number[] => v !== undefined);
  if (vectors.length !== count) {
    throw new ServiceError(
      'internal',
      `Embedding endpoint answered ${vectors.length} vectors for ${count} texts`,
    );
  }
  return vectors;
}

/** Servers echo request details in error bodies; the key must not reach a log through them. */
export function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}

function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** 429 is the one status a caller can act on (wait and retry); every other failure is ours: `internal`. */
export function statusError(
  status: number,
  headers: Headers,
  body: string,
  apiKey?: string,
): ServiceError {
  // The body goes into `cause` (logs only), redacted and cut short; the message stays generic.
  const cause = new Error(`HTTP ${status}: ${redact(body.slice(0, 500), apiKey)}`);
  if (status === 429) {
    const retryAfter = retryAfterSeconds(headers.get('retry-after'));
    return new ServiceError('rate_limited', 'The embedding endpoint is rate limiting requests', {
      details: retryAfter === undefined ? { status } : { status, retryAfterSeconds: retryAfter },
      cause,
    });
  }
  return new ServiceError('internal', `The embedding endpoint answered HTTP ${status}`, {
    details: { status },
    cause,
  });
}

export function transportError(err: unknown, timeoutMs: number): ServiceError {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return new ServiceError(
      'internal',
      `The embedding endpoint did not answer within ${timeoutMs} ms`,
      { cause: err },
    );
  }
  return new ServiceError('internal', 'The embedding endpoint is unreachable', { cause: err });
}

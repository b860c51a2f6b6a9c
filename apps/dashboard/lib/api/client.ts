// HTTP client for the MCP server's dashboard API: bearer session token in, parsed answer or error out.
import type { z } from 'zod';

export type ApiFailure = {
  ok: false;
  status: number;
  /** The contract's code, the flat OAuth `error`, or `unreachable` when the server did not answer. */
  code: string;
  message: string;
  /** From `Retry-After` on a 429: how long the wait really is (a lockout lasts until 15 minutes after the first failure, not a minute). */
  retryAfterSeconds?: number;
  /** The contract error's `details` (e.g. `reason: 'code_reused'`), when the server gave any. */
  details?: Record<string, unknown>;
};
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

export interface ServerApi {
  request<S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown): Promise<ApiResult<z.infer<S>>>;
}

export interface ServerApiOptions {
  baseUrl: string;
  token?: string;
  timeoutMs?: number;
}

export function createServerApi({ baseUrl, token, timeoutMs = 10_000 }: ServerApiOptions): ServerApi {
  return {
    async request(method, path, schema, body) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      let res: Response;
      try {
        res = await fetch(new URL(path, baseUrl), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'manual',
          cache: 'no-store',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        return { ok: false, status: 503, code: 'unreachable', message: 'The memory server cannot be reached.' };
      }
      const json: unknown = res.status === 204 ? undefined : await res.json().catch(() => undefined);
      if (!res.ok) {
        const retryAfter = Number(res.headers.get('retry-after'));
        const failure: ApiFailure = { ok: false, status: res.status, ...errorOf(json, res.status) };
        if (Number.isFinite(retryAfter) && retryAfter > 0) failure.retryAfterSeconds = retryAfter;
        return failure;
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        return { ok: false, status: 502, code: 'bad_answer', message: `Unexpected answer from ${method} ${path}.` };
      }
      return { ok: true, status: res.status, data: parsed.data };
    },
  };
}

/** Both error shapes the server uses: the contract's `{error:{code,message}}` and the flat OAuth one. */
function errorOf(json: unknown, status: number): { code: string; message: string; details?: Record<string, unknown> } {
  if (json && typeof json === 'object' && 'error' in json) {
    const { error } = json as { error: unknown; error_description?: unknown };
    if (typeof error === 'string') {
      const description = (json as { error_description?: unknown }).error_description;
      return { code: error, message: typeof description === 'string' ? description : error };
    }
    if (error && typeof error === 'object') {
      const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
      if (typeof code === 'string') {
        const text = typeof message === 'string' ? message : code;
        return details && typeof details === 'object'
          ? { code, message: text, details: details as Record<string, unknown> }
          : { code, message: text };
      }
    }
  }
  return { code: `http_${status}`, message: `The memory server answered ${status}.` };
}

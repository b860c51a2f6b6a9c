// Carries the request id (and who is calling) through async work without threading parameters.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mintRequestId } from '@svc/contract';

export interface RequestContext {
  requestId: string;
  userId?: string;
  tool?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/**
 * Runs `fn` in the current request's context, or in a fresh one with a minted id when there is
 * none (a stdio message, a CLI action), so everything it logs or records still has a request id.
 */
export function ensureRequestContext<T>(fn: () => T): T {
  return storage.getStore() ? fn() : storage.run({ requestId: mintRequestId() }, fn);
}

/**
 * Runs `fn`, and whatever it schedules, outside any request: background work that serves many
 * requests at once (a batched write) must not be logged under the one that happened to start it.
 */
export function outsideRequestContext<T>(fn: () => T): T {
  return storage.exit(fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Adds facts learned later in the request (the signed-in user, the tool) to the live context. */
export function annotateRequestContext(patch: Partial<Omit<RequestContext, 'requestId'>>): void {
  const ctx = storage.getStore();
  if (ctx) Object.assign(ctx, patch);
}

// Carries the request id (and who is calling) through async work without threading parameters.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  userId?: string;
  tool?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
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

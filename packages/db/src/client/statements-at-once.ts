// Independent statements of one transaction sent at once where the driver keeps their order.
import { PgliteTransaction } from 'drizzle-orm/pglite';
import type { Executor } from './types';

/**
 * PGlite runs a transaction's statements in the order they were sent (its query lock; from the
 * serving thread, without waiting for an answer between them), so statements that need nothing of
 * each other can be sent together. node-postgres deprecates a query on a client still running one
 * (pg@9 removes it): there they go one after the other, as before.
 */
export function sendsAtOnce(exec: Executor): boolean {
  return exec instanceof PgliteTransaction;
}

/** Both results; at once where `sendsAtOnce`, else `first` then `second`. */
export async function both<A, B>(exec: Executor, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  if (sendsAtOnce(exec)) return Promise.all([first(), second()]);
  const a = await first();
  return [a, await second()];
}

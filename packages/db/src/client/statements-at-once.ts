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

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Every read's result, in the order given: all started at once where `sendsAtOnce`, else each
 * after the one before. The reads must need nothing of each other; if one fails, the transaction
 * fails with it (the others sent behind it fail too, and their errors are not the one reported).
 */
export async function allAtOnce<const T extends readonly (() => Promise<unknown>)[]>(exec: Executor, reads: T): Promise<Results<T>> {
  if (sendsAtOnce(exec)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}

/** Both results; at once where `sendsAtOnce`, else `first` then `second`. */
export function both<A, B>(exec: Executor, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  return allAtOnce(exec, [first, second]);
}

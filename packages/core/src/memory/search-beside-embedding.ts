// The transactions of a tool that searches: what needs no vector runs while the model embeds the text.
import { inBackgroundLane, type Tx } from '@svc/db';
import { outsideRequestContext } from '@svc/observability';
import type { Actor } from '../actor';
import { stageClock } from '../retrieval/search-stages';
import type { MemoryDeps } from './deps';
import type { RecallHit, RecallQuery } from './retriever';

/**
 * Two transactions, both as the caller: the first runs `gather` (the session and target, whatever
 * else the tool reads; a write there must be one statement complete in itself, see
 * `statementsAsUser`) and plans the search's words (the retriever's `plan`) while the model embeds
 * `text`; the second, once the vector is there, searches and runs `finish`, only reading
 * (`readsAsUser`: on the embedded default its statements run apart, so the connection is not held
 * while fusion runs here between them). Waiting for the model between them holds nothing, so
 * other requests use the embedded database's one connection meanwhile. A retriever without `plan`
 * gets its vector first and does all in one transaction.
 * `text` null: the tool searches nothing (`finish` gets no hits, in the one transaction).
 */
export async function searchBesideEmbedding<G extends { query: RecallQuery }, R>(
  deps: MemoryDeps,
  actor: Actor,
  text: string | null,
  gather: (tx: Tx) => Promise<G>,
  finish: (tx: Tx, hits: RecallHit[], gathered: G) => Promise<R>,
): Promise<R> {
  const { retriever } = deps;
  if (text === null || !retriever.plan) {
    const prepared = text === null ? undefined : await retriever.prepare?.(text);
    return deps.database.asUser(actor, async (tx) => {
      const gathered = await gather(tx);
      return finish(tx, text === null ? [] : await retriever.search(tx, gathered.query, prepared), gathered);
    });
  }
  const embedding = retriever.prepare?.(text);
  // Awaited after the first transaction; if that one fails first, the embedding's own failure
  // must not surface as an unhandled rejection.
  embedding?.catch(() => undefined);
  // Handed-over work runs however the call ends: a recount claimed and never run would leave its
  // statistics stale for good.
  const deferred: ((tx: Tx) => Promise<void>)[] = [];
  try {
    // Its writes (the session touched, a project attached) are each one statement complete in
    // itself, so its statements may run apart too (`statementsAsUser`): what the plan's statements
    // need set (the plan cache's mode) travels with the role's, not in a statement before them.
    const settings = retriever.searchSettings?.(deps.database.keepsPlans);
    const first = await deps.database.statementsAsUser(
      actor,
      async (tx) => {
        const started = retriever.startPlan?.(tx, text, deps.database.keepsPlans);
        const gathered = await gather(tx);
        return { gathered, planned: await retriever.plan!(tx, gathered.query, (work) => deferred.push(work), started) };
      },
      settings,
    );
    const clock = stageClock();
    const prepared = await embedding;
    clock.lap('vector_wait');
    // It writes nothing; the search's settings travel with the role's, one hop fewer.
    return await deps.database.readsAsUser(
      actor,
      async (tx) => finish(tx, await retriever.search(tx, first.gathered.query, prepared, first.planned, settings !== undefined), first.gathered),
      settings,
    );
  } finally {
    for (const work of deferred) runAfterAnswer(deps, actor, work);
  }
}

/**
 * Once the answer has left (setImmediate), in the bulk lane so that waiting calls go first, outside
 * the request (it belongs to none): the work only refreshes what later calls read.
 */
function runAfterAnswer(deps: MemoryDeps, actor: Actor, work: (tx: Tx) => Promise<void>): void {
  outsideRequestContext(() =>
    setImmediate(() => {
      inBackgroundLane(() => deps.database.asUser(actor, work)).catch((thrown: unknown) => {
        deps.logger.warn('after_answer_failed', { error: thrown instanceof Error ? thrown.message : String(thrown) });
      });
    }),
  );
}

// Embeds a search query, timed; a cold model is waited for, a broken one degrades to lexical search.
import type { Embedder } from '@svc/embeddings';
import { timed, type Logger } from '@svc/observability';
import { stageClock } from './search-stages';

export interface EmbeddedQuery {
  model: string;
  vector: Float32Array;
}

/**
 * The first search on a cold instance waits here for the model to load. A failure is logged and
 * answered with null, so recall still answers from the lexical leg instead of failing.
 */
export async function embedQuery(
  embedder: Embedder | null,
  text: string,
  logger: Logger,
): Promise<EmbeddedQuery | null> {
  if (!embedder || text.trim() === '') return null;
  try {
    const cold = !embedder.isWarm();
    const clock = stageClock();
    const [vector] = await timed(logger, 'query_embedding', () => embedder.embed([text], 'query'), {
      model: embedder.model,
      cold,
    });
    clock.lap('embedding');
    return vector ? { model: embedder.model, vector } : null;
  } catch (err) {
    logger.warn('query_embedding_failed', {
      model: embedder.model,
      error: err instanceof Error ? err.message : String(err),
    });
    return null;
  }
}

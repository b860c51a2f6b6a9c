// Which similarity measure the library tools use: the one place to switch to vectors.
import { lexicalFinder, type SimilarityFinder } from '@svc/core';
import type { ToolContext } from '../../tool-handler';

/**
 * The server's dependencies carry no embedder yet (recall's retriever and the indexer hide it), so
 * find_similar_memory measures by words. When ServerDeps exposes the configured Embedder, return
 * `vectorFinder(embedder)` here and semantic search follows too.
 */
export function similarityFinder(_ctx: ToolContext): SimilarityFinder {
  return lexicalFinder;
}

// Similarity by embedding: the query text's vector against stored vectors of the same model.
import type { Embedder } from '@svc/embeddings';
import { findSimilarMemories } from '@svc/db';
import { finishMatches, type SimilarityFinder } from './similarity';

const K_MAX = 100;

/**
 * Runs through the Database API (svc_find_similar_memory), which refuses an anonymous caller.
 * Vectors are unit length, so cosine similarity is 1 - cosine distance.
 */
export function vectorFinder(embedder: Embedder): SimilarityFinder {
  return {
    kind: 'vector',
    async prepare(text) {
      const [vector] = await embedder.embed([text], 'document');
      return Array.from(vector ?? []);
    },
    async find(tx, prepared, q) {
      const embedding = prepared as number[];
      if (embedding.length === 0) return [];
      const hits = await findSimilarMemories(tx, {
        embedding,
        model: embedder.model,
        // One more than asked, since the memory compared against finds itself first.
        k: Math.min(K_MAX, q.k + 1),
        scopeIds: q.scopeIds ?? undefined,
        includeRetired: q.includeRetired,
        maxDistance: 1 - q.minSimilarity,
      });
      const matches = hits.map((h) => ({ memoryId: h.memory_id, similarity: Math.max(0, Math.min(1, 1 - Number(h.distance))) }));
      return finishMatches(matches, q);
    },
  };
}

// A small LRU of query vectors: agents repeat the same recall queries, and a query embeds on the hot path.
import type { Embedder } from './embedder';

/**
 * Wraps `embedder` so that repeated query texts skip the model. Documents pass straight through:
 * each is embedded once when stored, so caching them would only hold memory.
 */
export function withQueryCache(embedder: Embedder, capacity: number): Embedder {
  // A Map iterates in insertion order, so re-inserting on a hit keeps the oldest entry first.
  const cache = new Map<string, Float32Array>();

  function remember(text: string, vector: Float32Array): void {
    cache.delete(text);
    cache.set(text, vector);
    while (cache.size > capacity) {
      const oldest = cache.keys().next();
      if (oldest.done) break;
      cache.delete(oldest.value);
    }
  }

  return {
    model: embedder.model,
    dimensions: () => embedder.dimensions(),
    warm: () => embedder.warm(),
    isWarm: () => embedder.isWarm(),
    async close() {
      cache.clear();
      await embedder.close();
    },
    async embed(texts, purpose) {
      if (purpose !== 'query' || capacity <= 0) return embedder.embed(texts, purpose);
      const found = new Map<string, Float32Array>();
      for (const text of texts) {
        const hit = cache.get(text);
        if (hit) found.set(text, hit);
      }
      const missing = [...new Set(texts.filter((t) => !found.has(t)))];
      if (missing.length > 0) {
        const fresh = await embedder.embed(missing, purpose);
        missing.forEach((text, i) => {
          const vector = fresh[i];
          if (vector) found.set(text, vector);
        });
      }
      for (const [text, vector] of found) remember(text, vector);
      // Copies, so that a caller writing into its vector cannot corrupt the cached one.
      return texts.map((text) => {
        const vector = found.get(text);
        if (!vector) throw new Error('query cache: the embedder returned fewer vectors than texts');
        return vector.slice();
      });
    },
  };
}

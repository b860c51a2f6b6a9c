// The embedder's own speed, measured in the same run: one text per call (as remember does) and batched.
import type { Embedder } from '@svc/embeddings';
import type { SyntheticText } from './synthetic';

export interface EmbedderThroughput {
  /** Texts per second, one embed() call per text. */
  single: number;
  /** Texts per second, all texts in one embed() call (the provider batches internally). */
  batched: number;
}

export async function measureEmbedder(
  embedder: Embedder,
  text: SyntheticText,
  count = 128,
): Promise<EmbedderThroughput> {
  await embedder.warm();
  const texts = Array.from({ length: count }, () => text.sentence());
  let started = performance.now();
  for (const t of texts) await embedder.embed([t], 'document');
  const single = count / ((performance.now() - started) / 1000);
  const again = texts.map((t) => `${t} again`); // new texts: no cache of any kind helps
  started = performance.now();
  await embedder.embed(again, 'document');
  const batched = count / ((performance.now() - started) / 1000);
  return { single, batched };
}

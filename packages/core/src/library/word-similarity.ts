// Similarity of two texts by their words, the fallback measure when no embedding model is configured.

/** Words that carry no meaning of their own; without dropping them every pair of sentences looks alike. */
const STOP_WORDS = new Set(
  ('a an and are as at be been but by can do does for from had has have he her his i if in into is it its ' +
    'me my no not of on or our she so than that the their them then there these they this to too us was ' +
    'we were what when where which who will with you your').split(' '),
);

/** Lower-cased words with a crude plural fold, so "deploys" and "deploy" count as one word. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => !STOP_WORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

function counts(words: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const w of words) map.set(w, (map.get(w) ?? 0) + 1);
  return map;
}

/** Cosine of the word-count vectors: 1 for the same words in any order, 0 for none shared. */
export function wordSimilarity(a: string, b: string): number {
  const x = counts(contentWords(a));
  const y = counts(contentWords(b));
  let dot = 0;
  for (const [w, n] of x) dot += n * (y.get(w) ?? 0);
  if (dot === 0) return 0;
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, n) => s + n * n, 0));
  return Math.min(1, dot / (norm(x) * norm(y)));
}

// The one-sentence explanation of a result: which of the query's words and which signals matched.

export interface WhySignals {
  ownTerms: readonly string[];
  contextTerms: readonly string[];
  speakerTerms: readonly string[];
  cosine: number | null;
  /** Whether the vector leg ran (a missing cosine then means the memory has no vector yet). */
  vectorUsed: boolean;
  /** Its event time lies in the time the query names. */
  inTime?: boolean;
  /** Best cosine of the memories just before and after it (null or absent: none, or not looked at). */
  contextCosine?: number | null;
}

const MAX_WORDS = 4;

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * Stems read badly ("carolin", "happi"): show the query word the stem came from, found by the
 * longest shared prefix, and the stem itself when no word is close.
 */
export function displayWord(lexeme: string, queryWords: readonly string[]): string {
  let best = lexeme;
  let bestLength = 0;
  for (const word of queryWords) {
    const n = commonPrefix(word.toLowerCase(), lexeme);
    if (n > bestLength && n >= Math.min(3, lexeme.length)) {
      best = word;
      bestLength = n;
    }
  }
  return best;
}

export function queryWords(query: string): string[] {
  return query.match(/[\p{L}\p{N}][\p{L}\p{N}'._+-]*/gu) ?? [];
}

/** In the order the query says them. */
function quoted(terms: readonly string[], words: readonly string[]): string {
  const at = (w: string) => {
    const i = words.indexOf(w);
    return i < 0 ? words.length : i;
  };
  const shown = [...new Set(terms.map((t) => displayWord(t, words)))].sort((a, b) => at(a) - at(b));
  const head = shown
    .slice(0, MAX_WORDS)
    .map((w) => `"${w}"`)
    .join(', ');
  return shown.length > MAX_WORDS ? `${head} and ${shown.length - MAX_WORDS} more` : head;
}

export function explain(s: WhySignals, query: string): string {
  const words = queryWords(query);
  const parts: string[] = [];
  if (s.ownTerms.length > 0) parts.push(`matches ${quoted(s.ownTerms, words)}`);
  if (s.speakerTerms.length > 0) parts.push(`said by ${quoted(s.speakerTerms, words)}`);
  if (s.contextTerms.length > 0) {
    parts.push(`its neighbouring memories mention ${quoted(s.contextTerms, words)}`);
  }
  if (s.cosine !== null && s.vectorUsed) parts.push(`close in meaning (${s.cosine.toFixed(2)})`);
  // Named only where it says more than the memory's own closeness: it then lifted the memory.
  const around = s.contextCosine ?? null;
  if (around !== null && s.vectorUsed && around > (s.cosine ?? 0)) {
    parts.push(`the memory beside it is closer in meaning (${around.toFixed(2)})`);
  }
  if (s.inTime) parts.push('happened in the time asked about');
  if (parts.length === 0) return 'Ranked by recency and kind only; no word or meaning matched.';
  const sentence = parts.join('; ');
  return `${sentence[0]?.toUpperCase() ?? ''}${sentence.slice(1)}.`;
}

// The plain BM25 baseline, in process: lower-cased alphanumeric tokens, no stemming, no stopwords.

export const PLAIN_K1 = 1.2;
export const PLAIN_B = 0.75;

export function plainTokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** An index over one conversation's turns; `search` returns turn indexes, best first. */
export class PlainBm25 {
  private readonly tfs: Map<string, number>[];
  private readonly lengths: number[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;

  constructor(
    docs: readonly string[],
    private readonly k1 = PLAIN_K1,
    private readonly b = PLAIN_B,
  ) {
    this.tfs = docs.map((doc) => {
      const tf = new Map<string, number>();
      for (const token of plainTokens(doc)) tf.set(token, (tf.get(token) ?? 0) + 1);
      for (const token of tf.keys()) this.df.set(token, (this.df.get(token) ?? 0) + 1);
      return tf;
    });
    this.lengths = this.tfs.map((tf) => [...tf.values()].reduce((a, n) => a + n, 0));
    this.avgLength = this.lengths.reduce((a, n) => a + n, 0) / Math.max(1, docs.length);
  }

  scores(query: string): number[] {
    const n = this.tfs.length;
    const scores = new Array<number>(n).fill(0);
    for (const token of plainTokens(query)) {
      const df = this.df.get(token);
      if (!df) continue;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      this.tfs.forEach((tf, i) => {
        const f = tf.get(token);
        if (!f) return;
        const norm = 1 - this.b + (this.b * (this.lengths[i] ?? 0)) / this.avgLength;
        scores[i] = (scores[i] ?? 0) + (idf * f * (this.k1 + 1)) / (f + this.k1 * norm);
      });
    }
    return scores;
  }

  search(query: string, k: number): number[] {
    const scores = this.scores(query);
    return scores
      .map((score, i) => ({ score, i }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, k)
      .map((x) => x.i);
  }
}

// Seeded synthetic memories: Zipf-distributed words from a large made-up vocabulary plus common English.
const COMMON = (
  'the a to of and in is for on with that it we our team project deploy release build test service api ' +
  'user data bug fix review meeting decided prefer always never use run config database cache staging ' +
  'production client server branch merge issue plan week friday monday note remember next because after'
).split(' ');
const SYLLABLES =
  'ka lo mi ne ru sa te vo zi pa qu ber don fel gar hin jor kel lum mor nis pol ras tun vek'.split(
    ' ',
  );

/** mulberry32: small, fast and reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class SyntheticText {
  private readonly vocabulary: string[];
  private readonly cumulative: number[];

  constructor(
    private readonly random: () => number,
    vocabularySize = 20_000,
  ) {
    const made = new Set<string>();
    while (made.size < vocabularySize) {
      const n = 2 + Math.floor(random() * 3);
      made.add(
        Array.from({ length: n }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(
          '',
        ),
      );
    }
    this.vocabulary = [...COMMON, ...made];
    // Zipf (s = 1): word r is drawn with weight 1/r, as in natural text.
    let total = 0;
    this.cumulative = this.vocabulary.map((_, r) => (total += 1 / (r + 1)));
  }

  private word(): string {
    const x = this.random() * (this.cumulative.at(-1) ?? 1);
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return this.vocabulary[lo] ?? 'memory';
  }

  /** A memory-like sentence of `min`..`max` words. */
  sentence(min = 8, max = 24): string {
    const n = min + Math.floor(this.random() * (max - min + 1));
    const words = Array.from({ length: n }, () => this.word());
    return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
  }
}

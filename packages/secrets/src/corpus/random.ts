// A seeded generator, so every run of the corpus builds the same fake credentials: a miss
// reproduces exactly, and no token-shaped literal has to live in the repository.

export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const UPPER = LOWER.toUpperCase();
export const DIGITS = '0123456789';
export const ALNUM = LOWER + UPPER + DIGITS;
export const HEX = `${DIGITS}abcdef`;
export const B64URL = `${ALNUM}_-`;
export const B64 = `${ALNUM}+/`;

export interface Random {
  /** `n` characters drawn from `alphabet`. */
  chars(n: number, alphabet?: string): string;
  /** One element of `items`. */
  pick<T>(items: readonly T[]): T;
  /** An integer in [0, n). */
  int(n: number): number;
}

/** mulberry32 seeded by a string hash: small, fast, and good enough to shape fake keys. */
export function seeded(seed: string): Random {
  let state = [...seed].reduce((acc, ch) => Math.imul(acc ^ ch.charCodeAt(0), 16777619) >>> 0, 2166136261);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    int,
    pick: (items) => items[int(items.length)] as (typeof items)[number],
    chars: (n, alphabet = ALNUM) => {
      let out = '';
      for (let i = 0; i < n; i += 1) out += alphabet[int(alphabet.length)];
      return out;
    },
  };
}

/** PEM armour around `bytes` random bytes, wrapped at `width` like the tool that writes it. */
export function armour(label: string, body: string, width = 64, headers = ''): string {
  const lines = body.match(new RegExp(`.{1,${width}}`, 'g')) ?? [];
  return [`-----BEGIN ${label}-----`, ...(headers ? [headers, ''] : []), ...lines, `-----END ${label}-----`].join('\n');
}

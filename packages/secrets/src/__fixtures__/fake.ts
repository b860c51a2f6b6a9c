// Builds fake credentials at run time so this repository never holds a token-shaped literal
// (push protection and secret scanners would flag the test files otherwise).

export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const UPPER = LOWER.toUpperCase();
export const DIGITS = '0123456789';
export const ALNUM = LOWER + UPPER + DIGITS;
export const B64URL = `${ALNUM}_-`;
export const HEX = `${DIGITS}abcdef`;

/** Deterministic per seed, so a failing case reproduces exactly. */
export function fake(seed: string, length: number, alphabet = ALNUM): string {
  let state = [...seed].reduce((acc, ch) => (acc * 31 + ch.charCodeAt(0)) >>> 0, 2166136261);
  let out = '';
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out += alphabet[state % alphabet.length];
  }
  return out;
}

export const base64url = (value: string) => Buffer.from(value).toString('base64url');

export function pem(label: string, magic: string): string {
  const body = (magic + fake(label, 600, `${ALNUM}+/`)).match(/.{1,64}/g)?.join('\n') ?? '';
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`;
}

export interface CredentialCase {
  name: string;
  /** The secret alone; the tests check it never leaks into errors. */
  secret: string;
  /** A realistic sentence or snippet carrying it. */
  text: string;
  /** Expected rule id suffix (preset rule name, or "supplement"). */
  rule: string;
  kind: string;
}

export function credential(
  name: string,
  rule: string,
  kind: string,
  secret: string,
  wrap: (s: string) => string = (s) => `Use ${s} for the deploy.`,
): CredentialCase {
  return { name, rule, kind, secret, text: wrap(secret) };
}

// Recovery codes: ten random codes of 10 base32 characters, shown once as `xxxxx-xxxxx`, kept as SHA-256.
import { createHash, randomBytes } from 'node:crypto';

const COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const NORMALISED = /^[a-z2-7]{10}$/;

function randomCode(): string {
  // 10 characters of 5 bits each from 10 random bytes; the low 5 bits of each byte are uniform.
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31] ?? '');
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: COUNT }, randomCode);
}

/** Accepts any letter case, spaces and dashes; null when it cannot be a recovery code. */
export function normaliseRecoveryCode(input: string): string | null {
  const normalised = input.toLowerCase().replace(/[\s-]/g, '');
  return NORMALISED.test(normalised) ? normalised : null;
}

/** Codes carry 50 random bits each, so a fast hash suffices (as for tokens). */
export function hashRecoveryCode(normalised: string): string {
  return createHash('sha256').update(normalised, 'utf8').digest('hex');
}

export function hashRecoveryCodes(codes: string[]): string[] {
  return codes.map((code) => hashRecoveryCode(normaliseRecoveryCode(code) ?? code));
}

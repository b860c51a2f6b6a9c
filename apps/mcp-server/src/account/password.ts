// Password hashing (argon2id) and a verification that costs the same whether or not the account exists.
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. The library's default algorithm is argon2id. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** What a new password must be; sign-in accepts any stored one up to the same ceiling. */
export const newPasswordSchema = z
  .string()
  .min(10, 'the password needs at least 10 characters')
  .max(256, 'the password may have at most 256 characters');

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export interface PasswordChecker {
  /**
   * True when `password` matches `storedHash`. With no hash (unknown email, or an account without
   * a password) a dummy hash is verified instead, so the answer takes as long as a real miss.
   */
  check(storedHash: string | null, password: string): Promise<boolean>;
}

export function createPasswordChecker(): PasswordChecker {
  let dummy: Promise<string> | undefined;
  return {
    async check(storedHash, password) {
      dummy ??= hashPassword(randomBytes(32).toString('base64url'));
      const target = storedHash ?? (await dummy);
      let matches = false;
      try {
        matches = await verify(target, password);
      } catch {
        // A malformed stored hash is a miss, not a crash of sign-in.
        matches = false;
      }
      return storedHash !== null && matches;
    },
  };
}

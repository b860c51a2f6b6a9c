// TOTP as the decisions fix it: RFC 6238, SHA-1, 6 digits, 30-second steps, one step of drift either way.
import { generateSecret, generateURI, verify } from 'otplib';

const PERIOD_SECONDS = 30;
const TOTP_SHAPE = /^\d{6}$/;

/** Issuer shown in authenticator apps next to the account's email. */
const ISSUER = 'Memory service';

export function isTotpShaped(code: string): boolean {
  return TOTP_SHAPE.test(code);
}

/** 20 random bytes in base32, the size RFC 4226 recommends for SHA-1. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUri(secret: string, email: string): string {
  return generateURI({
    issuer: ISSUER,
    label: email,
    secret,
    algorithm: 'sha1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/**
 * The time step the code belongs to, or null when it matches none within one step of `now` or
 * only steps at or before `lastUsedStep` (a code already accepted, or an older one).
 */
export async function matchTotp(
  secret: string,
  code: string,
  opts: { lastUsedStep: number | null; now?: Date },
): Promise<number | null> {
  const step = await totpStep(secret, code, opts.now);
  if (step === null) return null;
  if (opts.lastUsedStep !== null && step <= opts.lastUsedStep) return null;
  return step;
}

/** The step a code is right for within one step of `now`, whether or not it was used already. */
export async function totpStep(secret: string, code: string, now?: Date): Promise<number | null> {
  if (!isTotpShaped(code)) return null;
  const result = await verify({
    secret,
    token: code,
    algorithm: 'sha1',
    digits: 6,
    period: PERIOD_SECONDS,
    epoch: Math.floor((now ?? new Date()).getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
  });
  // The functional API types HOTP and TOTP results together; a TOTP match carries its step.
  if (!result.valid || !('timeStep' in result)) return null;
  return result.timeStep;
}

// Semantic version strings as the contract and its ledgers write them (no `v`, no build metadata).
import { z } from 'zod';

const SEMVER_PATTERN =
  /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

export const semver = z
  .string()
  .max(64)
  .regex(SEMVER_PATTERN, 'expected a semantic version such as 7.0.0');

export interface SemverParts {
  major: number;
  minor: number;
  patch: number;
}

export function parseSemver(value: string): SemverParts | null {
  const match = SEMVER_PATTERN.exec(value);
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

// The contract version, its capability, and its agreement with the breaking-change ledger.
import { describe, expect, it } from 'vitest';
import { BREAKING_CHANGES } from './ledgers';
import { parseSemver } from './shared/semver';
import {
  CAPABILITY_KEY,
  CONTRACT_VERSION,
  contractCapability,
  contractCapabilitySchema,
} from './version';

describe('contract version', () => {
  it('is the semver 7.3.0 under the service/contract capability', () => {
    expect(CONTRACT_VERSION).toBe('7.3.0');
    expect(CAPABILITY_KEY).toBe('service/contract');
    expect(contractCapabilitySchema.parse(contractCapability()[CAPABILITY_KEY])).toEqual({
      version: '7.3.0',
    });
  });

  it('is at least the latest breaking change of the ledger, in the same major', () => {
    // A new major without its ledger row (or a row without the bump) fails here.
    const latest = BREAKING_CHANGES.at(-1);
    const current = parseSemver(CONTRACT_VERSION);
    expect(latest && current && parseSemver(latest.version)?.major).toBe(current?.major);
  });

  it('refuses versions that are not semver', () => {
    for (const bad of ['7', 'v7.0.0', '7.0', '07.0.0', '7.0.0+abc']) {
      expect(contractCapabilitySchema.safeParse({ version: bad }).success).toBe(false);
    }
  });
});

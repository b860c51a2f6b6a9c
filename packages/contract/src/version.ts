// The contract's own version and the initialize capability that announces it to MCP clients.
import { z } from 'zod';
import { semver } from './shared/semver';

/**
 * Versions the wire contract, independent of any package version. The latest breaking change in
 * the ledger is 7.0.0; 7.1.0 added the logging, prompts and completions capabilities, 7.2.0
 * ingest_conversation's `extraction`, 7.3.0 the memory view's `original` (all additive).
 * Bump by the rules in docs/contract/README.md, never by package releases.
 */
export const CONTRACT_VERSION = '7.3.0';

/** Key under `capabilities.experimental` in the `initialize` response. */
export const CAPABILITY_KEY = 'service/contract';

export const contractCapabilitySchema = z.object({ version: semver });
export type ContractCapability = z.infer<typeof contractCapabilitySchema>;

/** The value to merge into `capabilities.experimental` of an `initialize` response. */
export function contractCapability(): { [CAPABILITY_KEY]: ContractCapability } {
  return { [CAPABILITY_KEY]: { version: CONTRACT_VERSION } };
}

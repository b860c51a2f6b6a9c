// Looks up the caller's rules for the instructions at initialize; a failed lookup still serves (fail open).
import { listActiveRules } from '@svc/core';
import type { Caller } from '../auth/caller';
import type { ServerDeps } from '../deps';
import { composeInstructions, type Instructions } from './instructions';

export async function connectInstructions(deps: ServerDeps, caller: Caller, clientName?: string): Promise<Instructions> {
  let rules: string[] | null = null;
  try {
    const active = await deps.database.asUser({ userId: caller.userId, aal: caller.aal }, (tx) => listActiveRules(tx));
    rules = active.map((r) => r.rule_text);
  } catch (err) {
    deps.metrics.rulesLookupFailures.inc();
    deps.logger.error('rules_lookup_failed', { error: err instanceof Error ? err.message : String(err) });
  }
  const instructions = composeInstructions({ rules, clientName });
  if (instructions.dropped.length) deps.logger.info('instructions_shortened', { dropped: instructions.dropped, clientName });
  return instructions;
}

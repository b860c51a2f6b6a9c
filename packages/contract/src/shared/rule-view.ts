// A promoted (standing) rule as results show it.
import { z } from 'zod';
import { isoDateTime, uuid } from './ids';
import { scopeTarget } from './scope';

export const RULE_STATUSES = ['active', 'needs_review', 'retired'] as const;
export const ruleStatus = z.enum(RULE_STATUSES);

export const ruleView = z.object({
  id: uuid,
  rule_text: z.string(),
  status: ruleStatus,
  scope: scopeTarget,
  source_memory_id: uuid.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type RuleView = z.infer<typeof ruleView>;

/** A rule whose source memory was superseded by a `remember`. */
export const carriedRule = z.object({
  rule_id: uuid,
  rule_text: z.string(),
  from_memory_id: uuid.describe('The superseded memory the rule was promoted from.'),
});

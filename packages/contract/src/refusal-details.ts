// The `error.details` each refusal carries, so agents can fix the call without parsing text.
import { z } from 'zod';
import { cardType } from './cards';
import { uuid } from './shared/ids';
import { projectRef } from './shared/scope';

const candidateCard = z.object({ id: uuid, label: z.string(), title: z.string() });
const branchRef = z.object({ repo: z.string(), name: z.string() });

/** Keyed by refusal, each with `refusal` set to its own name. */
export const refusalDetails = {
  scope_target_required: z.object({
    refusal: z.literal('scope_target_required'),
    projects: z.array(projectRef).describe('Your projects; pass one as scope or project_hint.'),
  }),
  project_hint_unresolvable: z.object({
    refusal: z.literal('project_hint_unresolvable'),
    project_hint: z.string(),
    matches: z.array(projectRef).describe('Empty when nothing matched; several when ambiguous.'),
    projects: z.array(projectRef),
  }),
  secret_content_rejected: z.object({
    refusal: z.literal('secret_content_rejected'),
    field: z
      .string()
      .describe('Input field holding the secret; the secret itself is never echoed.'),
    kind: z.string().describe('What it looked like, e.g. "api_key" or "private_key".'),
  }),
  links_required: z.object({
    refusal: z.literal('links_required'),
    candidates: z.array(candidateCard).describe('Cards of the same board this one may relate to.'),
  }),
  type_required: z.object({
    refusal: z.literal('type_required'),
    types: z.array(cardType),
  }),
  branch_required: z.object({ refusal: z.literal('branch_required') }),
  branch_open: z.object({
    refusal: z.literal('branch_open'),
    branches: z.array(branchRef).describe('Open branches; land them or pass not_landed.'),
  }),
} as const;

export type RefusalName = keyof typeof refusalDetails;
export type RefusalDetails<R extends RefusalName> = z.infer<(typeof refusalDetails)[R]>;

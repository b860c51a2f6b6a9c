// Stable refusal vocabulary: message prefixes, card refusal identifiers and write-refusal reasons.
// Clients branch on the error code and these identifiers, never on the rest of a message.

/** Prefixes of `validation_failed` messages; match the prefix only, the rest may be reworded. */
export const MESSAGE_PREFIXES = {
  scope_target_required: 'scope_target_required:',
  project_hint_unresolvable: 'project_hint_unresolvable:',
  secret_content_rejected: 'secret_content_rejected:',
} as const;
export type MessagePrefixKey = keyof typeof MESSAGE_PREFIXES;
export type MessagePrefix = (typeof MESSAGE_PREFIXES)[MessagePrefixKey];

/** Refusal identifiers of `card` and `promote_loop`. */
export const CARD_REFUSALS = [
  'links_required',
  'type_required',
  'branch_required',
  'branch_open',
] as const;
export type CardRefusal = (typeof CARD_REFUSALS)[number];

/**
 * The contract leaves the carrying code open; each refusal is fixed by passing an argument
 * (links or no_links, type, branch or no_branch, not_landed), so all four are validation_failed.
 */
export const CARD_REFUSAL_CODE: Readonly<Record<CardRefusal, 'validation_failed'>> = {
  links_required: 'validation_failed',
  type_required: 'validation_failed',
  branch_required: 'validation_failed',
  branch_open: 'validation_failed',
};

/** Label values of `mcp_write_refused_total{reason}`. */
export const WRITE_REFUSED_REASONS = [
  'scope_target_required',
  'project_hint_unresolvable',
] as const;
export type WriteRefusedReason = (typeof WRITE_REFUSED_REASONS)[number];

/** Fields whose text is checked for secrets, by tool; a hit is refused with the secret prefix. */
export const SECRET_GUARDED_FIELDS = {
  remember: ['content'],
  card: ['title', 'body', 'no_links', 'no_branch', 'not_landed', 'links[].reason'],
  promote_loop: ['title', 'body', 'no_links', 'no_branch', 'links[].reason'],
  card_log: ['note'],
  link: ['relations[].from.name', 'relations[].to.name', 'links[].reason'],
  promote_rule: ['rule_text'],
} as const;

/** Composes `<prefix or identifier>: <text>` so the stable part always leads. */
export function refusalMessage(key: MessagePrefixKey | CardRefusal, text: string): string {
  return `${key}: ${text}`;
}

/** True when the message carries the given stable prefix or refusal identifier. */
export function hasRefusal(message: string, key: MessagePrefixKey | CardRefusal): boolean {
  return message.startsWith(`${key}:`);
}

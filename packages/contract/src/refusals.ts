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
 * The contract leaves the carrying code open. Three are fixed by adding an argument to the same
 * call (links or no_links, type, branch or no_branch): validation_failed. `branch_open` is refused
 * because of what the card holds now (an open branch), usually settled by another call (`land`):
 * conflict, the code for an operation that conflicts with current state.
 */
export const CARD_REFUSAL_CODE: Readonly<Record<CardRefusal, 'validation_failed' | 'conflict'>> = {
  links_required: 'validation_failed',
  type_required: 'validation_failed',
  branch_required: 'validation_failed',
  branch_open: 'conflict',
};

/** Label values of `mcp_write_refused_total{reason}`. */
export const WRITE_REFUSED_REASONS = [
  'scope_target_required',
  'project_hint_unresolvable',
] as const;
export type WriteRefusedReason = (typeof WRITE_REFUSED_REASONS)[number];

/** Fields whose text is checked for secrets, by tool; a hit is refused with the secret prefix. */
export const SECRET_GUARDED_FIELDS = {
  remember: ['content', 'tags'],
  card: ['title', 'body', 'no_links', 'no_branch', 'not_landed', 'links[].reason'],
  promote_loop: ['title', 'body', 'no_links', 'no_branch', 'links[].reason'],
  card_log: ['note'],
  link: ['relations[].from.name', 'relations[].to.name', 'links[].reason'],
  promote_rule: ['rule_text'],
  // A merged text becomes a memory, so it meets the same guard as remember's content.
  resolve_conflicts: ['choices[].merged_content'],
} as const;

/** Composes `<prefix or identifier>: <text>` so the stable part always leads. */
export function refusalMessage(key: MessagePrefixKey | CardRefusal, text: string): string {
  return `${key}: ${text}`;
}

/** True when the message carries the given stable prefix or refusal identifier. */
export function hasRefusal(message: string, key: MessagePrefixKey | CardRefusal): boolean {
  return message.startsWith(`${key}:`);
}

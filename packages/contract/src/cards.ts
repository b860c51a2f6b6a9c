// Card vocabulary: types, states, relations, attachment kinds and the `SVC-N` label.
import { z } from 'zod';
import { CARD_NUMBER_MAX } from './bounds';

/** What each type means, so an agent can pick one; the meanings are the contract's. */
export const CARD_TYPE_MEANINGS = {
  story: 'a feature from the user’s side',
  bug: 'a broken product function',
  task: 'neither a story nor a bug: docs, tests, refactoring, ops',
  spike: 'work whose output is an answer, not a change',
} as const;
export type CardType = keyof typeof CARD_TYPE_MEANINGS;
export const CARD_TYPES = Object.keys(CARD_TYPE_MEANINGS) as [CardType, ...CardType[]];
export const cardType = z.enum(CARD_TYPES);

/** Only `active` is the contract's; the others and their meanings are ours (decisions.md). */
export const CARD_STATE_MEANINGS = {
  backlog: 'not started',
  active: 'being worked on, usually on an open branch',
  review: 'work finished, waiting for review or acceptance',
  done: 'finished',
  dropped: 'abandoned without finishing',
} as const;
export type CardState = keyof typeof CARD_STATE_MEANINGS;
export const CARD_STATES = Object.keys(CARD_STATE_MEANINGS) as [CardState, ...CardState[]];
export const cardState = z.enum(CARD_STATES);

/** Each relation with the name it carries when read from the other card. */
export const CARD_RELATION_INVERSES = {
  blocks: 'blocked_by',
  blocked_by: 'blocks',
  parent_of: 'child_of',
  child_of: 'parent_of',
  duplicates: 'duplicated_by',
  duplicated_by: 'duplicates',
  follows: 'precedes',
  precedes: 'follows',
  relates_to: 'relates_to',
} as const;
export type CardRelation = keyof typeof CARD_RELATION_INVERSES;
export const CARD_RELATIONS = Object.keys(CARD_RELATION_INVERSES) as [
  CardRelation,
  ...CardRelation[],
];
export const cardRelation = z.enum(CARD_RELATIONS);

/** What `attach` and `detach` point a card at. */
export const REF_KINDS = ['memory', 'card', 'url'] as const;
export type RefKind = (typeof REF_KINDS)[number];
export const refKind = z.enum(REF_KINDS);

export const CARD_LABEL_PREFIX = 'SVC-';
/** Canonical labels only: numbers start at 1 and carry no leading zeros. */
export const CARD_LABEL_PATTERN = /^SVC-[1-9][0-9]{0,8}$/;
export const cardLabel = z
  .string()
  .regex(CARD_LABEL_PATTERN, 'expected a card label such as SVC-12')
  .describe('Card label, SVC-<number>.');

export function formatCardLabel(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > CARD_NUMBER_MAX) {
    throw new RangeError(`card number must be an integer from 1 to ${CARD_NUMBER_MAX}`);
  }
  return `${CARD_LABEL_PREFIX}${n}`;
}

/**
 * Reads what people and agents write for a card: `SVC-12`, `svc-12`, `12` or 12. Returns the
 * number, or null when the value names no card.
 */
export function parseCardLabel(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(?:svc-)?([1-9][0-9]{0,8})$/i.exec(text);
  return match?.[1] ? Number(match[1]) : null;
}

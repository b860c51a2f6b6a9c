// The four card refusals, each with its identifier leading the message and in error.details.
import {
  CARD_REFUSAL_CODE,
  CARD_TYPE_MEANINGS,
  CARD_TYPES,
  refusalMessage,
  type CardRefusal,
  type RefusalDetails,
} from '@svc/contract';
import { ServiceError } from '@svc/errors';
import type { BranchRow } from './branches';

type Candidates = RefusalDetails<'links_required'>['candidates'];

/** The code comes from the contract package's table, so code, constant and docs cannot drift. */
function refusal<R extends CardRefusal>(
  id: R,
  text: string,
  details: RefusalDetails<R>,
): ServiceError {
  return new ServiceError(CARD_REFUSAL_CODE[id], refusalMessage(id, text), { details });
}

/** `subject` is the card's label, or "a new card" before it has one. */
export function linksRequired(subject: string, candidates: Candidates): ServiceError {
  const listed = candidates.length
    ? ` Cards on this board it may relate to: ${candidates.map((c) => `${c.label} "${c.title}"`).join('; ')}.`
    : ' The board has no open cards yet, so no_links is likely right.';
  const text =
    `${subject} has not stated how it relates to other cards: pass links [{card, relation, reason}] ` +
    `(card by id or SVC-N label) or no_links with the reason it relates to none.${listed}`;
  return refusal('links_required', text, { refusal: 'links_required', candidates });
}

export function typeRequired(subject: string): ServiceError {
  const types = CARD_TYPES.map((t) => `${t} (${CARD_TYPE_MEANINGS[t]})`).join(', ');
  return refusal('type_required', `${subject} has no type: pass type, one of ${types}.`, {
    refusal: 'type_required',
    types: [...CARD_TYPES],
  });
}

export function branchRequired(subject: string): ServiceError {
  const text =
    `${subject} would be active without a branch: pass branch {repo, name} for the branch the work ` +
    'happens on, or no_branch with the reason it needs none.';
  return refusal('branch_required', text, { refusal: 'branch_required' });
}

export function branchOpen(label: string, open: readonly BranchRow[]): ServiceError {
  const names = open.map((b) => `${b.name} (${b.repo})`).join(', ');
  const text =
    `${label} holds open branch${open.length > 1 ? 'es' : ''} ${names}: record the landing with action ` +
    'land, or pass not_landed with the reason it has not landed.';
  return refusal('branch_open', text, {
    refusal: 'branch_open',
    branches: open.map(({ repo, name }) => ({ repo, name })),
  });
}

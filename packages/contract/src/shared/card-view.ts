// A card as results show it: the whole card, or the summary line a board lists.
import { z } from 'zod';
import { cardRelation, cardState, cardType, refKind } from '../cards';
import { isoDateTime, uuid } from './ids';

export const BRANCH_STATES = ['open', 'landed', 'not_landed'] as const;

export const branchView = z.object({
  repo: z.string(),
  name: z.string(),
  state: z.enum(BRANCH_STATES),
  opened_at: isoDateTime,
  landed_at: isoDateTime.nullable(),
  commit: z.string().nullable(),
  not_landed_reason: z.string().nullable(),
});

export const relationView = z.object({
  card_id: uuid,
  card_label: z.string(),
  relation: cardRelation.describe('Read as: this card <relation> the other card.'),
  reason: z.string().nullable(),
  declared: z.boolean().describe('False for relates_to recorded by attaching a card.'),
});

export const refView = z.object({ ref_kind: refKind, ref: z.string(), attached_at: isoDateTime });

export const cardView = z.object({
  id: uuid,
  label: z.string().describe('SVC-N'),
  number: z.int().min(1),
  project_id: uuid,
  title: z.string(),
  body: z.string().nullable(),
  type: cardType.nullable().describe('null only on cards made before types were required.'),
  state: cardState,
  relations_assessed: z.boolean(),
  no_links_reason: z.string().nullable(),
  no_branch_reason: z.string().nullable(),
  relations: z.array(relationView),
  branches: z.array(branchView),
  refs: z.array(refView),
  created_by: uuid,
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type CardView = z.infer<typeof cardView>;

export const cardSummary = z.object({
  id: uuid,
  label: z.string(),
  number: z.int().min(1),
  title: z.string(),
  type: cardType.nullable(),
  state: cardState,
  relations: z.array(relationView.pick({ card_label: true, relation: true, declared: true })),
  open_branches: z.array(branchView.pick({ repo: true, name: true })),
  updated_at: isoDateTime,
});
export type CardSummary = z.infer<typeof cardSummary>;

// The `card` tool's actions, each a strict schema; the tool publishes them as one flat object.
import { z } from 'zod';
import { URL_MAX_CHARS } from '../bounds';
import {
  branch,
  cardBody,
  cardRef,
  cardTitle,
  links,
  noBranch,
  noLinks,
  notLanded,
  refineExclusivePairs,
} from '../card-inputs';
import { cardState, cardType, refKind } from '../cards';
import { uuid } from '../shared/ids';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { threadField } from '../shared/session';

export const CARD_ACTIONS = ['create', 'move', 'attach', 'detach', 'edit', 'land', 'link'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

/** States a card may be created in; the rest are reached by moving. */
export const CARD_CREATE_STATES = ['backlog', 'active'] as const;

export const cardFields = {
  card: cardRef.describe('The card (all actions but create): id or SVC-N label.'),
  title: cardTitle.describe('create (required), edit.'),
  body: cardBody.describe('create, edit. Markdown.'),
  type: cardType.describe('story | bug | task | spike. create; move and edit may declare it.'),
  state: cardState.describe(
    'move (required): target state. create: backlog (default) or active. land: state to move to after landing.',
  ),
  links,
  no_links: noLinks,
  branch,
  no_branch: noBranch,
  not_landed: notLanded,
  ref_kind: refKind.describe('attach, detach: memory | card | url.'),
  ref: z
    .string()
    .min(1)
    .max(URL_MAX_CHARS)
    .describe('attach, detach: memory id, card id or label, or URL.'),
  commit: z
    .string()
    .regex(/^[0-9a-f]{7,64}$/, 'expected a lower-case hex commit id')
    .describe('land: the commit that landed.'),
  ...targetFields,
  ...threadField,
};

const f = cardFields;
const common = { ...targetFields, ...threadField };
const statements = {
  links: f.links.optional(),
  no_links: f.no_links.optional(),
  branch: f.branch.optional(),
  no_branch: f.no_branch.optional(),
};

const httpUrl = z.url({ protocol: /^https?$/ }).max(URL_MAX_CHARS);
const REF_CHECKS = { memory: uuid, card: cardRef, url: httpUrl } as const;

/** Checks every action shares: one target at most, and no statement with its opposite. */
function refineCommon(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  refineSingleTarget(value, ctx);
  refineExclusivePairs(value, ctx);
}

function refineRef(
  value: { ref_kind: keyof typeof REF_CHECKS; ref: string },
  ctx: z.RefinementCtx,
) {
  if (!REF_CHECKS[value.ref_kind].safeParse(value.ref).success) {
    ctx.addIssue({
      code: 'custom',
      path: ['ref'],
      message: `ref is not a valid ${value.ref_kind} reference`,
    });
  }
}

const refShape = { card: f.card, ref_kind: f.ref_kind, ref: f.ref, ...common };

export const cardActionInput = z.discriminatedUnion('action', [
  z
    .strictObject({
      action: z.literal('create'),
      title: f.title,
      body: f.body.optional(),
      type: f.type.optional(),
      state: z.enum(CARD_CREATE_STATES).default('backlog'),
      ...statements,
      ...common,
    })
    .superRefine(refineCommon),
  z
    .strictObject({
      action: z.literal('move'),
      card: f.card,
      state: f.state,
      type: f.type.optional(),
      ...statements,
      not_landed: f.not_landed.optional(),
      ...common,
    })
    .superRefine(refineCommon),
  z
    .strictObject({ action: z.literal('attach'), ...refShape })
    .superRefine(refineCommon)
    .superRefine(refineRef),
  z
    .strictObject({ action: z.literal('detach'), ...refShape })
    .superRefine(refineCommon)
    .superRefine(refineRef),
  z
    .strictObject({
      action: z.literal('edit'),
      card: f.card,
      title: f.title.optional(),
      body: f.body.optional(),
      type: f.type.optional(),
      ...common,
    })
    .superRefine(refineCommon)
    .refine((v) => v.title !== undefined || v.body !== undefined || v.type !== undefined, {
      message: 'edit needs title, body or type',
    }),
  z
    .strictObject({
      action: z.literal('land'),
      card: f.card,
      branch: f.branch.optional().describe('Which open branch landed; default: the only open one.'),
      commit: f.commit.optional(),
      state: f.state.optional(),
      ...common,
    })
    .superRefine(refineCommon),
  z
    .strictObject({ action: z.literal('link'), card: f.card, links: f.links, ...common })
    .superRefine(refineCommon),
]);
export type CardActionInput = z.output<typeof cardActionInput>;

// `link`: relate named entities in the knowledge graph, or declare relations between cards.
import { z } from 'zod';
import {
  ENTITY_NAME_MAX_CHARS,
  ENTITY_RELATIONS_MAX,
  ENTITY_TYPE_MAX_CHARS,
  RELATION_NAME_MAX_CHARS,
} from '../bounds';
import { cardRef, links } from '../card-inputs';
import { actionInput } from '../shared/actions';
import { relationView } from '../shared/card-view';
import { uuid } from '../shared/ids';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { boundedText } from '../shared/text';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

export const LINK_ACTIONS = ['entities', 'cards'] as const;

const entity = z.strictObject({
  name: boundedText(ENTITY_NAME_MAX_CHARS),
  type: boundedText(ENTITY_TYPE_MAX_CHARS).optional().describe('e.g. person, service, library.'),
});

const entityRelation = z.strictObject({
  from: entity,
  relation: z
    .string()
    .min(1)
    .max(RELATION_NAME_MAX_CHARS)
    .regex(/^[a-z][a-z0-9_]*$/, 'relation is snake_case, e.g. works_on'),
  to: entity,
});

const linkFields = {
  relations: z
    .array(entityRelation)
    .min(1)
    .max(ENTITY_RELATIONS_MAX)
    .describe('entities: from -relation-> to.'),
  memory_id: uuid.describe(
    'entities: the memory that states these relations, recorded as a mention.',
  ),
  card: cardRef.describe('cards: the card the links are declared on.'),
  links: links.describe('cards: declared relations to other cards.'),
  ...targetFields,
  ...threadField,
};

export const linkActionInput = z.discriminatedUnion('action', [
  z
    .strictObject({
      action: z.literal('entities'),
      relations: linkFields.relations,
      memory_id: uuid.optional(),
      ...targetFields,
      ...threadField,
    })
    .superRefine(refineSingleTarget),
  z
    .strictObject({
      action: z.literal('cards'),
      card: cardRef,
      links,
      ...targetFields,
      ...threadField,
    })
    .superRefine(refineSingleTarget),
]);
export type LinkActionInput = z.output<typeof linkActionInput>;

const entityView = z.object({ id: uuid, name: z.string(), type: z.string().nullable() });

const output = z.object({
  action: z.enum(LINK_ACTIONS),
  entity_relations: z
    .array(
      z.object({
        id: uuid,
        from: entityView,
        relation: z.string(),
        to: entityView,
        created: z.boolean(),
      }),
    )
    .optional(),
  card: z.object({ id: uuid, label: z.string() }).optional(),
  card_relations: z
    .array(relationView)
    .optional()
    .describe('All relations of the card after the call.'),
});

export const linkTool = defineTool({
  name: 'link',
  title: 'Link',
  description: describe(
    'Record relations. action entities: add relations between named things to the knowledge graph, e.g. {from: {name: "Ana", type: "person"}, relation: "owns", to: {name: "billing service"}}; entities are created on first mention and matched by name in the scope. action cards: declare relations from one card to others (links [{card, relation, reason}], relation one of blocks, blocked_by, parent_of, child_of, duplicates, duplicated_by, follows, precedes, relates_to); a declared relation replaces an undeclared relates_to and counts as the card\'s relations being stated.',
    'The scope is scope or project_hint, else the session\'s project. Entity names and reasons are checked for secrets ("secret_content_rejected:"). Linking the same relation again changes nothing.',
  ),
  input: actionInput(LINK_ACTIONS, linkFields, linkActionInput),
  output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
});

// `promote_rule`: make a curated text a standing rule delivered at every session start.
import { z } from 'zod';
import { RULE_TEXT_MAX_CHARS } from '../bounds';
import { uuid } from '../shared/ids';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { ruleView } from '../shared/rule-view';
import { boundedText } from '../shared/text';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

const input = z
  .strictObject({
    rule_text: boundedText(RULE_TEXT_MAX_CHARS).describe(
      'The rule as it should be read: short, imperative.',
    ),
    source_memory_id: uuid.optional().describe('The memory the rule comes from, if any.'),
    replaces: uuid.optional().describe('Id of a rule this one replaces; that rule is retired.'),
    ...targetFields,
    ...threadField,
  })
  .superRefine(refineSingleTarget);

const output = z.object({
  rule: ruleView,
  retired: uuid.nullable().describe('The replaced rule, if any.'),
});

export const promoteRuleTool = defineTool({
  name: 'promote_rule',
  title: 'Promote rule',
  description: describe(
    'Make a standing rule: a short, curated instruction delivered to every new session of yours (and of the project\'s members, for a project scope) at initialization and readable at svc://rules. Use it only for instructions the user wants followed every time ("always run the tests before committing"); ordinary facts belong in remember.',
    'Pass source_memory_id when the rule comes from a stored memory: if that memory is later superseded with exactly the rule text, the rule is carried to the successor; otherwise it is flagged needs_review. rule_text is checked for secrets ("secret_content_rejected:"). The scope is scope or project_hint, else the session\'s project, else personal.',
  ),
  input,
  output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
});

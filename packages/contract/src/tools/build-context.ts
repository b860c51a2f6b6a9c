// `build_context`: a briefing for a task (rules, open loops, memories, cards) within a token budget.
import { z } from 'zod';
import {
  CONTEXT_MEMORIES_DEFAULT,
  CONTEXT_MEMORIES_MAX,
  TASK_MAX_CHARS,
  TOKEN_BUDGET_DEFAULT,
  TOKEN_BUDGET_MAX,
  TOKEN_BUDGET_MIN,
} from '../bounds';
import { cardSummary } from '../shared/card-view';
import { uuid } from '../shared/ids';
import { memoryView, scoredMemory } from '../shared/memory-view';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { sessionSchema, threadField } from '../shared/session';
import { boundedText } from '../shared/text';
import { defineTool, describe } from '../shared/tool';

export const CONTEXT_SECTIONS = ['rules', 'open_loops', 'memories', 'cards'] as const;
const contextSection = z.enum(CONTEXT_SECTIONS);

const input = z
  .strictObject({
    task: boundedText(TASK_MAX_CHARS).describe(
      'What you are about to do, in a sentence or a paragraph.',
    ),
    ...targetFields,
    token_budget: z
      .int()
      .min(TOKEN_BUDGET_MIN)
      .max(TOKEN_BUDGET_MAX)
      .default(TOKEN_BUDGET_DEFAULT)
      .describe('Upper bound on the briefing size, in tokens.'),
    sections: z
      .array(contextSection)
      .min(1)
      .max(CONTEXT_SECTIONS.length)
      .optional()
      .describe('Sections to include, in priority order. Default: all, in the order listed.'),
    max_memories: z.int().min(1).max(CONTEXT_MEMORIES_MAX).default(CONTEXT_MEMORIES_DEFAULT),
    ...threadField,
  })
  .superRefine(refineSingleTarget);

const output = z.object({
  briefing: z.string().describe('The composed briefing, ready to read.'),
  rules: z.array(z.object({ id: uuid, rule_text: z.string() })),
  open_loops: z.array(memoryView),
  memories: z.array(scoredMemory),
  cards: z.array(cardSummary).describe('Active and review cards of the project board.'),
  tokens_used: z.int().min(0),
  dropped: z
    .array(z.object({ section: contextSection, count: z.int().min(1) }))
    .describe('Items left out to stay within the budget; whole items, never cut mid-sentence.'),
  notes: z.array(z.string()),
  session: sessionSchema.optional(),
});

export const buildContextTool = defineTool({
  name: 'build_context',
  title: 'Build context',
  description: describe(
    'Get a briefing for a task: your standing rules, open loops, the memories most relevant to the task, and the active cards of the project board, composed within a token budget. Call it once at the start of a task or after switching projects; use recall for a specific question later.',
    "Without scope or project_hint it uses the session's attached project (a project_hint that matches nothing is ignored and noted). Items that do not fit the budget are dropped whole, lowest priority first, and listed under dropped. Memory content is a preview; read svc://memory/{id} for the full text.",
    "Echo the thread from an earlier result to keep the session's project across reconnects.",
  ),
  input,
  output,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
});

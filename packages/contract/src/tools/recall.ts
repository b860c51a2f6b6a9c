// `recall`: the ranked memories most relevant to a question, for an agent to use right now.
import { z } from 'zod';
import { QUERY_MAX_CHARS } from '../bounds';
import { RECALL_K_DEFAULT, RECALL_K_MAX, RECALL_K_MIN } from '../limits';
import { pointInTime } from '../shared/ids';
import { loopState, memoryKinds, tags } from '../shared/memory-fields';
import { scoredMemory } from '../shared/memory-view';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { sessionSchema, threadField } from '../shared/session';
import { boundedText } from '../shared/text';
import { defineTool, describe } from '../shared/tool';

const input = z
  .strictObject({
    query: boundedText(QUERY_MAX_CHARS).describe('What you need to know, in natural language.'),
    k: z
      .int()
      .min(RECALL_K_MIN)
      .max(RECALL_K_MAX)
      .default(RECALL_K_DEFAULT)
      .describe('How many results, 1..100.'),
    ...targetFields,
    kinds: memoryKinds.optional(),
    tags: tags.optional().describe('Only memories carrying all of these tags.'),
    loop_state: loopState.optional().describe('Only open (or closed) loops.'),
    include_retired: z
      .boolean()
      .default(false)
      .describe('Also return retired and superseded memories.'),
    since: pointInTime
      .optional()
      .describe('Only memories of events (or, lacking that, writes) at or after this.'),
    until: pointInTime.optional(),
    ...threadField,
  })
  .superRefine(refineSingleTarget);

const output = z.object({
  results: z.array(scoredMemory),
  notes: z
    .array(z.string())
    .describe('Remarks on the search, e.g. a project_hint that matched nothing.'),
  session: sessionSchema.optional(),
});

export const recallTool = defineTool({
  name: 'recall',
  title: 'Recall',
  description: describe(
    'Find the memories most relevant to a question, ranked by meaning, keywords, recency and importance. Use it before answering anything that may depend on earlier sessions: user preferences, project decisions, past events, how things are done here. For a full briefing at the start of a task prefer build_context; to browse or filter exhaustively use search_memories.',
    "Without scope or project_hint it searches your personal scope and the session's attached project. A project_hint that matches none of your projects is ignored (noted in notes), never an error on reads. k is 1..100 (default 10). Retired and superseded memories are left out unless include_retired is true.",
    "Each result has a score (0..1) and why it matched. Content is a preview; read the memory's uri (svc://memory/{id}) for the full text. Echo the thread from an earlier result to keep the session's project across reconnects.",
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

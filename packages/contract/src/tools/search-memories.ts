// `search_memories`: filter, sort and page through memories, for browsing rather than answering.
import { z } from 'zod';
import { QUERY_MAX_CHARS } from '../bounds';
import { pointInTime } from '../shared/ids';
import { loopState, memoryKinds, tags } from '../shared/memory-fields';
import { memoryView } from '../shared/memory-view';
import { nextCursor, pageFields } from '../shared/pagination';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { boundedText } from '../shared/text';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

export const SEARCH_MODES = ['hybrid', 'keyword', 'semantic'] as const;
export const SEARCH_SORTS = ['relevance', 'newest', 'oldest', 'importance'] as const;

const input = z
  .strictObject({
    query: boundedText(QUERY_MAX_CHARS).optional().describe('Omit to list by filters only.'),
    mode: z.enum(SEARCH_MODES).default('hybrid'),
    ...targetFields,
    ...threadField,
    kinds: memoryKinds.optional(),
    tags: tags.optional().describe('Only memories carrying all of these tags.'),
    loop_state: loopState.optional(),
    include_retired: z.boolean().default(false),
    since: pointInTime.optional(),
    until: pointInTime.optional(),
    sort: z
      .enum(SEARCH_SORTS)
      .optional()
      .describe('Default: relevance with a query, newest without.'),
    ...pageFields,
  })
  .superRefine(refineSingleTarget);

const output = z.object({
  memories: z.array(z.object({ memory: memoryView, score: z.number().min(0).max(1).nullable() })),
  next_cursor: nextCursor,
});

export const searchMemoriesTool = defineTool({
  name: 'search_memories',
  title: 'Search memories',
  description: describe(
    "Browse memories with filters (scope or project, kinds, tags, open loops, dates, retired ones too) and an optional query matched by keywords, meaning or both, with sorting and pages. Use it to review, audit or clean up what is stored, or to find a memory's id; to answer a question use recall.",
    'Needs a signed-in caller; anonymous calls are refused. Retired and superseded memories are included only with include_retired: true. Content is a preview; read svc://memory/{id} for the full text.',
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

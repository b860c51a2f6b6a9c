// `find_similar_memory`: memories close in meaning to a text or to a stored memory.
import { z } from 'zod';
import { SIMILAR_K_DEFAULT, SIMILAR_K_MAX } from '../bounds';
import { uuid } from '../shared/ids';
import { memoryContent } from '../shared/memory-fields';
import { memoryView } from '../shared/memory-view';
import { refineSingleTarget, targetFields } from '../shared/scope';
import { threadField } from '../shared/session';
import { defineTool, describe } from '../shared/tool';

const input = z
  .strictObject({
    content: memoryContent.optional().describe('Text to compare against.'),
    memory_id: uuid.optional().describe('Or a stored memory to compare against.'),
    k: z.int().min(1).max(SIMILAR_K_MAX).default(SIMILAR_K_DEFAULT),
    min_similarity: z.number().min(0).max(1).default(0.75),
    include_retired: z.boolean().default(false),
    ...targetFields,
    ...threadField,
  })
  .superRefine((value, ctx) => {
    refineSingleTarget(value, ctx);
    if ((value.content === undefined) === (value.memory_id === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: 'pass exactly one of content or memory_id',
      });
    }
  });

const output = z.object({
  matches: z.array(z.object({ memory: memoryView, similarity: z.number().min(0).max(1) })),
});

export const findSimilarMemoryTool = defineTool({
  name: 'find_similar_memory',
  title: 'Find similar memories',
  description: describe(
    'Find memories close in meaning to a text (content) or to a stored memory (memory_id), most similar first. Use it before remember to see whether the fact is already stored and should be superseded instead of duplicated, or to gather near-duplicates for cleanup.',
    'Needs a signed-in caller; anonymous calls are refused. Returns at most k (1..50, default 5) matches at or above min_similarity (0..1, default 0.75); the memory itself is never its own match.',
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

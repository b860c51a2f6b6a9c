// `memory_version_history`: a memory's supersedes chain and the lifecycle events along it.
import { z } from 'zod';
import { PAGE_LIMIT_MAX } from '../bounds';
import { isoDateTime, uuid } from '../shared/ids';
import { memoryView } from '../shared/memory-view';
import { defineTool, describe } from '../shared/tool';

export const MEMORY_EVENTS = [
  'created',
  'translated',
  'edited',
  'shared',
  'moved',
  'superseded',
  'retired',
  'loop_closed',
  'restored',
] as const;

const input = z.strictObject({
  id: uuid.describe('Any memory of the chain.'),
  limit: z
    .int()
    .min(1)
    .max(PAGE_LIMIT_MAX)
    .default(50)
    .describe('Most versions returned, nearest first.'),
});

const output = z.object({
  id: uuid,
  versions: z
    .array(memoryView)
    .describe('The chain from the oldest predecessor to the newest successor.'),
  current: uuid.nullable().describe('The version now in use, or null when all are retired.'),
  events: z.array(
    z.object({
      memory_id: uuid,
      event: z.enum(MEMORY_EVENTS),
      at: isoDateTime,
      by: uuid.nullable(),
      detail: z.string().nullable(),
    }),
  ),
  truncated: z.boolean().describe('True when the chain holds more versions than limit.'),
});

export const memoryVersionHistoryTool = defineTool({
  name: 'memory_version_history',
  title: 'Memory version history',
  description: describe(
    'Show how a memory evolved: every version linked by supersedes (oldest first), which one is current, and the events on each (created, translated, edited, shared, moved, superseded, retired, loop closed, restored) with who and when. Use it to answer "what did we believe before, and when did it change?", or to find a version to bring back with restore_memory.',
    'Needs a signed-in caller; anonymous calls are refused. Only versions you can see are shown.',
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

// `restore_memory`: bring a retired or superseded memory back into use.
import { z } from 'zod';
import { uuid } from '../shared/ids';
import { memoryView } from '../shared/memory-view';
import { defineTool, describe } from '../shared/tool';

const input = z.strictObject({ id: uuid });

const output = z.object({
  memory: memoryView,
  was_retired: z.boolean(),
  removed_supersedes_links: z
    .array(uuid)
    .describe('Your successor memories whose supersedes link to this one was removed.'),
  remaining_supersedes_links: z
    .array(uuid)
    .describe('Successors by other people, whose links stay; the memory stays superseded by them.'),
});

export const restoreMemoryTool = defineTool({
  name: 'restore_memory',
  title: 'Restore memory',
  description: describe(
    "Undo forget, close_loop or a supersede: clear the memory's retirement and remove your own supersedes links to it, so recall returns it again. A closed loop comes back open. Supersedes links made by other people are left in place and listed; the memory stays superseded by them.",
    'Use it when a memory was retired or replaced by mistake. Find candidates with search_memories (include_retired: true) or memory_version_history.',
  ),
  input,
  output,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
});

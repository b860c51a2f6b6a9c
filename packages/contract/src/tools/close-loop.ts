// `close_loop`: mark an open loop done, retiring it with what came of it.
import { z } from 'zod';
import { uuid } from '../shared/ids';
import { memoryView } from '../shared/memory-view';
import { reasonText } from '../shared/text';
import { defineTool, describe } from '../shared/tool';

const input = z.strictObject({
  id: uuid.describe('The open loop.'),
  resolution: reasonText
    .optional()
    .describe('What came of it, e.g. "done in PR 42" or "no longer needed".'),
});

const output = z.object({ memory: memoryView });

export const closeLoopTool = defineTool({
  name: 'close_loop',
  title: 'Close loop',
  description: describe(
    'Close an open loop (a memory stored with loop: true) once the follow-up is done or no longer needed. The loop is retired with your resolution, so briefings stop listing it; restore_memory reopens it. A memory that is not an open loop is refused as validation_failed.',
    'You may close your own loops and, as a writer member of a project, loops other members shared in it. To turn a loop into tracked work instead, use promote_loop.',
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

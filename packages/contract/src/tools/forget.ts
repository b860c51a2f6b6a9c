// `forget`: retire memories so they stop appearing; restore_memory undoes it.
import { z } from 'zod';
import { bulkIds, skippedItem } from '../shared/bulk';
import { uuid } from '../shared/ids';
import { reasonText } from '../shared/text';
import { defineTool, describe } from '../shared/tool';

const input = z.strictObject({
  ids: bulkIds,
  reason: reasonText
    .optional()
    .describe('Why they are no longer true or wanted; kept with the memory.'),
});

const output = z.object({
  retired: z.array(uuid),
  skipped: z.array(skippedItem).describe('Ids left as they were, each with why.'),
});

export const forgetTool = defineTool({
  name: 'forget',
  title: 'Forget',
  description: describe(
    'Retire memories that are wrong, obsolete or unwanted, so recall and briefings no longer return them. Retirement is recorded in your name and can be undone with restore_memory. When a memory is outdated because something newer is true, prefer remember with supersedes, which keeps the history.',
    "You may retire your own memories and, as a writer member of a project, other members' memories shared in it. Ids you cannot retire, that do not exist, or that are already retired are reported under skipped; the rest are retired.",
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

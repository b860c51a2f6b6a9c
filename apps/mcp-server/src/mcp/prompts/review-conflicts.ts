// review_conflicts: the caller's open conflicts, with a request to propose how to settle each.
import type { ToolContext } from '../../deps';
import { memoryLine, runTool, userMessage } from './run-tool';

export async function reviewConflicts(ctx: ToolContext, args: Record<string, string | undefined>) {
  const out = await runTool(ctx, 'list_conflicts', {
    status: 'open',
    limit: 50,
    ...(args.project && { project_hint: args.project }),
  });
  const where = args.project ? ` in ${args.project}` : '';
  if (out.conflicts.length === 0) return userMessage(`I have no open conflicts${where}. Confirm that and stop.`, 'No open conflicts');
  const listed = out.conflicts.map(
    (c) => `Conflict ${c.id} (${c.kind})${c.explanation ? `: ${c.explanation}` : ''}\n${memoryLine(c.a)}\n${memoryLine(c.b)}`,
  );
  return userMessage(
    `Here are my open conflicts between memories${where}. For each, say which memory is right (or how to ` +
      'merge them) and why, in one line. Ask me before settling anything; then settle the ones I agree ' +
      `to with resolve_conflicts.\n\n${listed.join('\n\n')}`,
    `${out.conflicts.length} open conflicts${where}`,
  );
}

// plan_from_open_loops: open loops and active cards, with a request to plan the next steps from them.
import type { ToolContext } from '../../deps';
import { memoryLine, runTool, userMessage } from './run-tool';

export async function planFromOpenLoops(ctx: ToolContext, args: Record<string, string | undefined>) {
  const target = args.project ? { project_hint: args.project } : { scope: 'personal' as const };
  const out = await runTool(ctx, 'build_context', {
    task: 'Plan the next steps from open loops.',
    sections: ['open_loops', 'cards'],
    ...target,
  });
  const loops = out.open_loops.map(memoryLine).join('\n') || '(none)';
  const cards = out.cards.map((c) => `- ${c.label} [${c.state}] ${c.title}`).join('\n') || '(none)';
  const where = args.project ? `the project ${args.project}` : 'my personal memory';
  return userMessage(
    `Plan my next steps in ${where}. Group the open loops below by what they need, put them in order, ` +
      'and for each say: close it (close_loop, if it is already done), promote it to a card (promote_loop, ' +
      'if it is real work), or keep it open. Take the active cards into account.\n\n' +
      `Open loops:\n${loops}\n\nActive cards:\n${cards}`,
    `Plan from ${out.open_loops.length} open loops`,
  );
}

// brief_project: a briefing on one project from build_context, framed for the agent to read and summarise.
import { matchProjectsByName } from '@svc/core';
import type { ToolContext } from '../../deps';
import { callerProjects } from './projects';
import { runTool, userMessage } from './run-tool';

export async function briefProject(ctx: ToolContext, args: Record<string, string | undefined>) {
  const project = args.project ?? '';
  // Without a task the project's own name is the query, so "MS" still ranks what mentions Memory Service.
  const name = matchProjectsByName(project, await callerProjects(ctx))[0]?.name ?? project;
  const task = args.task?.trim() || `Get up to speed on the project ${name}: its state, decisions and what is open.`;
  const out = await runTool(ctx, 'build_context', { task, project_hint: project });
  const notes = out.notes.length > 0 ? `\n\nNotes from the memory service:\n${out.notes.map((n) => `- ${n}`).join('\n')}` : '';
  return userMessage(
    `Brief me on the project "${project}". Below is what the memory service holds for it ` +
      `(${out.tokens_used} tokens). Summarise the state of the project, the rules to follow, the open ` +
      `loops and the active cards, and say what you would look at first.\n\n${out.briefing}${notes}`,
    `Briefing on ${project}`,
  );
}

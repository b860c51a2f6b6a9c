// store_durable_facts: asks the agent to remember this conversation's durable facts once, in the right place.
import type { ToolContext } from '../../deps';
import type { ListedProject } from './projects';
import { userMessage } from './run-tool';

export function storeDurableFacts(_ctx: ToolContext, args: Record<string, string | undefined>, projects: ListedProject[]) {
  const where = args.project
    ? `Store them with project_hint "${args.project}".`
    : projects.length > 0
      ? `Pick the project each belongs to, by name as project_hint (your projects: ${projects.map((p) => p.name).join(', ')}), or scope "personal" for facts about the person.`
      : 'You have no projects yet: use scope "personal", or a repository path as project_hint to set one up.';
  return userMessage(
    'Go through this conversation and store its durable facts with the remember tool: decisions and ' +
      'their reasons, preferences, names, conventions, how things are set up, and commitments still open ' +
      '(as open loops). One memory per fact, in a sentence that stands on its own. Leave out what only ' +
      'mattered for this conversation, anything already stored (recall first when unsure), and secrets. ' +
      `${where} When a fact replaces an earlier one, pass its id in supersedes.`,
    'Store the durable facts of this conversation',
  );
}

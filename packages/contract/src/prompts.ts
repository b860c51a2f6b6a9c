// MCP prompts the service offers: names, titles, descriptions and arguments, as prompts/list shows them.

export interface PromptArgument {
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
}

export interface PromptDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly arguments: readonly PromptArgument[];
}

/** Completable: the caller's project names, matched the way `project_hint` matches them. */
const project = (required: boolean, what: string): PromptArgument => ({
  name: 'project',
  description: `${what} A project name, alias or initials, as project_hint takes them.`,
  required,
});

export const PROMPTS = {
  brief_project: {
    name: 'brief_project',
    title: 'Brief me on a project',
    description:
      'A briefing on one project from memory (build_context): standing rules, open loops, the most relevant memories and the active cards.',
    arguments: [
      project(true, 'The project to brief on.'),
      { name: 'task', description: 'What you are about to do there; sharpens which memories come first.', required: false },
    ],
  },
  store_durable_facts: {
    name: 'store_durable_facts',
    title: 'Store the durable facts of this conversation',
    description:
      'Asks the agent to go through the conversation and remember each durable fact, decision and preference once, in the right project.',
    arguments: [project(false, 'Where the facts belong; without it the agent chooses per fact.')],
  },
  review_conflicts: {
    name: 'review_conflicts',
    title: 'Review open conflicts',
    description:
      'Lists your open conflicts between memories and asks the agent to propose a resolution for each, to settle with resolve_conflicts once you agree.',
    arguments: [project(false, 'Only the conflicts of this project.')],
  },
  plan_from_open_loops: {
    name: 'plan_from_open_loops',
    title: 'Plan from open loops',
    description:
      'Your open loops and the active cards of a project, with a request to plan the next steps: close what is done, promote what is work to a card.',
    arguments: [project(false, 'The project whose loops and board to plan from; without it, your personal loops.')],
  },
} as const satisfies Record<string, PromptDefinition>;

export type PromptName = keyof typeof PROMPTS;

export const PROMPT_NAMES = Object.keys(PROMPTS) as PromptName[];

export function isPromptName(name: string): name is PromptName {
  return Object.hasOwn(PROMPTS, name);
}

// MCP prompts: prompts/list from the contract's definitions, prompts/get built from the caller's own data.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { PROMPTS, PROMPT_NAMES, isPromptName, type PromptName } from '@svc/contract';
import { ensureRequestContext } from '@svc/observability';
import type { ToolContext } from '../../deps';
import { briefProject } from './brief-project';
import { planFromOpenLoops } from './plan-open-loops';
import { callerProjects } from './projects';
import { reviewConflicts } from './review-conflicts';
import { storeDurableFacts } from './store-facts';

type Args = Record<string, string | undefined>;
type Build = (ctx: ToolContext, args: Args) => Promise<ReturnType<typeof storeDurableFacts>>;

const BUILDERS: Record<PromptName, Build> = {
  brief_project: briefProject,
  store_durable_facts: async (ctx, args) => storeDurableFacts(ctx, args, await callerProjects(ctx)),
  review_conflicts: reviewConflicts,
  plan_from_open_loops: planFromOpenLoops,
};

export function registerPrompts(server: Server, ctx: ToolContext): void {
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: PROMPT_NAMES.map((name) => {
      const { title, description, arguments: args } = PROMPTS[name];
      return { name, title, description, arguments: args.map((a) => ({ ...a })) };
    }),
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const { name, arguments: given = {} } = request.params;
    if (!isPromptName(name)) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${name}`);
    const args: Args = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v.trim() || undefined]));
    for (const arg of PROMPTS[name].arguments) {
      if (arg.required && !args[arg.name]) throw new McpError(ErrorCode.InvalidParams, `Missing required argument: ${arg.name}`);
    }
    // Over stdio the prompt gets a request id of its own, as a tool call does.
    return ensureRequestContext(() => BUILDERS[name](ctx, args));
  });
}

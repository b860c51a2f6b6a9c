// completion/complete: project names for prompt arguments, memory ids for svc://memory/{id}, the caller's own only.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CompleteRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { MEMORY_RESOURCE_TEMPLATE, PROMPTS, isPromptName } from '@svc/contract';
import { memories } from '@svc/db';
import type { ToolContext } from '../deps';
import { callerProjects, completeProjectNames } from './prompts/projects';

/** The protocol's cap on values in one completion. */
const MAX_VALUES = 100;

/**
 * The caller's own live memories whose id starts with what was typed, newest first. Owner-only on
 * top of row-level security: a memory shared into a project is the sharer's to offer, not ours.
 */
async function memoryIds(ctx: ToolContext, partial: string): Promise<string[]> {
  const { userId, aal } = ctx.caller;
  const prefix = partial.toLowerCase().replace(/[^0-9a-f-]/g, '');
  const rows = await ctx.deps.database.asUser({ userId, aal }, (tx) =>
    tx
      .select({ id: memories.id })
      .from(memories)
      .where(and(eq(memories.ownerId, userId), isNull(memories.invalidatedAt), sql`${memories.id}::text like ${`${prefix}%`}`))
      .orderBy(desc(memories.createdAt))
      .limit(MAX_VALUES + 1),
  );
  return rows.map((r) => r.id);
}

function answer(values: string[]) {
  return { completion: { values: values.slice(0, MAX_VALUES), hasMore: values.length > MAX_VALUES } };
}

export function registerCompletions(server: Server, ctx: ToolContext): void {
  server.setRequestHandler(CompleteRequestSchema, async (request) => {
    const { ref, argument } = request.params;
    if (ref.type === 'ref/prompt') {
      const takesProject =
        isPromptName(ref.name) && argument.name === 'project' && PROMPTS[ref.name].arguments.some((a) => a.name === 'project');
      return answer(takesProject ? completeProjectNames(await callerProjects(ctx), argument.value) : []);
    }
    if (ref.uri === MEMORY_RESOURCE_TEMPLATE && argument.name === 'id') return answer(await memoryIds(ctx, argument.value));
    return answer([]);
  });
}

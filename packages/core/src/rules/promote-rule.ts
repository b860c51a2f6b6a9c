// promote_rule: turn a curated text into a standing rule the caller's sessions receive at connect time.
import { and, eq } from 'drizzle-orm';
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { promotedRules } from '@svc/db';
import { fail } from '@svc/errors';
import type { Actor } from '../actor';
import type { MemoryDeps } from '../memory/deps';
import { loadMemory } from '../memory/load';
import { assertNoSecrets } from '@svc/secrets';
import { loadThreadSession } from '../sessions/thread-sessions';
import { personalTarget, resolveWriteTarget } from '../targets/resolve-target';
import { listActiveRules } from './active-rules';

export async function promoteRule(
  deps: MemoryDeps,
  actor: Actor,
  args: ToolArgs<'promote_rule'>,
): Promise<ToolOutput<'promote_rule'>> {
  await assertNoSecrets({ rule_text: args.rule_text });
  return deps.database.asUser(actor, async (tx) => {
    const session = await loadThreadSession(tx, actor.userId, args.thread);
    const explicit = args.scope !== undefined || args.project_hint !== undefined;
    // Without a target a rule is the person's own: it then follows them into every project.
    const target = explicit ? await resolveWriteTarget(tx, actor.userId, args, session.project) : await personalTarget(tx, actor.userId);
    if (args.source_memory_id && !(await loadMemory(tx, args.source_memory_id))) {
      throw fail.notFound('The source memory does not exist', { id: args.source_memory_id });
    }
    let retired: string | null = null;
    if (args.replaces) {
      const [old] = await tx
        .update(promotedRules)
        .set({ status: 'retired' })
        .where(and(eq(promotedRules.id, args.replaces), eq(promotedRules.ownerId, actor.userId)))
        .returning({ id: promotedRules.id });
      if (!old) throw fail.notFound('The rule to replace does not exist', { id: args.replaces });
      retired = old.id;
    }
    const [row] = await tx
      .insert(promotedRules)
      .values({ ownerId: actor.userId, scopeId: target.scopeId, ruleText: args.rule_text.trim(), sourceMemoryId: args.source_memory_id ?? null })
      .returning({ id: promotedRules.id });
    const rule = (await listActiveRules(tx, { scopeIds: [target.scopeId] })).find((r) => r.id === row!.id)!;
    return { rule, retired };
  });
}

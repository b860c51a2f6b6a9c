// The caller's standing rules: what a session receives at connect time and svc://rules shows.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { RuleView } from '@svc/contract';
import { promotedRules, scopes, type Tx } from '@svc/db';

/** Active rules in the caller's personal scope and the given project scopes (all readable ones if null). */
export async function listActiveRules(tx: Tx, opts: { scopeIds?: string[] | null } = {}): Promise<RuleView[]> {
  const rows = await tx
    .select({ rule: promotedRules, scopeKind: scopes.kind, projectId: scopes.projectId })
    .from(promotedRules)
    .innerJoin(scopes, eq(scopes.id, promotedRules.scopeId))
    .where(
      and(
        eq(promotedRules.status, 'active'),
        opts.scopeIds ? or(inArray(promotedRules.scopeId, opts.scopeIds), eq(scopes.kind, 'personal')) : undefined,
      ),
    )
    .orderBy(promotedRules.createdAt);
  return rows.map(({ rule, scopeKind, projectId }) => ({
    id: rule.id,
    rule_text: rule.ruleText,
    status: rule.status,
    scope: scopeKind === 'project' && projectId ? (`project:${projectId}` as const) : ('personal' as const),
    source_memory_id: rule.sourceMemoryId,
    created_at: rule.createdAt.toISOString(),
    updated_at: rule.updatedAt.toISOString(),
  }));
}

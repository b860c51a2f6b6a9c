// Carries out one decision on one of the caller's conflicts: supersede, merge or dismiss, then close it.
import { randomUUID } from 'node:crypto';
import { detectLanguage } from '@svc/language';
import { eq, sql } from 'drizzle-orm';
import { bounds, type ToolOutput } from '@svc/contract';
import { conflicts, memories, type Tx } from '@svc/db';
import type { Actor } from '../actor';
import type { LoadedMemory } from '../memory/load';
import { supersede } from '../memory/supersede';
import { canWriteScope } from '../memory/write-access';
import { isVisible, type LoadedConflict, type VisibleConflict } from './load';
import type { Decision } from './policy';

export type ConflictResult = ToolOutput<'resolve_conflicts'>['results'][number];

async function close(tx: Tx, c: LoadedConflict, status: 'resolved' | 'dismissed', resolution: string, userId: string): Promise<void> {
  await tx
    .update(conflicts)
    .set({ status, resolution, resolvedAt: sql`now()`, resolvedBy: userId })
    .where(eq(conflicts.id, c.row.id));
}

const newerOf = (a: LoadedMemory, b: LoadedMemory) => (+b.row.createdAt > +a.row.createdAt ? b : a);

/** The merged memory says what both said: where they lived, the newer one's kind, all their tags. */
async function insertMerged(tx: Tx, actor: Actor, c: VisibleConflict, content: string, scopeId: string): Promise<string> {
  const id = randomUUID();
  const { a, b } = c;
  await tx.insert(memories).values({
    id,
    ownerId: actor.userId,
    scopeId,
    content,
    language: detectLanguage(content),
    kind: newerOf(a, b).row.kind,
    tags: [...new Set([...a.row.tags, ...b.row.tags])].slice(0, bounds.TAGS_MAX),
    importance: Math.max(a.row.importance, b.row.importance),
  });
  return id;
}

/** `d` is null when there was nothing to decide on (a memory is out of sight). */
export async function settle(tx: Tx, actor: Actor, c: LoadedConflict, d: Decision | null, dryRun: boolean): Promise<ConflictResult> {
  const base = { conflict_id: c.row.id, kept: [] as string[], superseded: [] as string[], created: null, reason: null };
  const skip = (reason: string): ConflictResult => ({ ...base, outcome: 'skipped', reason });
  if (c.row.status !== 'open') return skip(`already ${c.row.status}`);
  if (!isVisible(c)) return skip('a memory of this conflict is no longer visible to you');
  if (!d || d.kind === 'skip') return skip(d?.reason ?? 'nothing to decide');
  const [a, b] = [c.a.row.id, c.b.row.id];
  if (d.kind === 'dismiss') {
    if (!dryRun) await close(tx, c, 'dismissed', d.resolution, actor.userId);
    return { ...base, outcome: 'dismissed', kept: [a, b] };
  }
  // Only the owner supersedes a memory (the database refuses anyone else with 42501).
  if (c.a.row.ownerId !== actor.userId || c.b.row.ownerId !== actor.userId) {
    return skip('only the owner of both memories can supersede one with the other');
  }
  if (d.kind === 'keep') {
    const kept = d.keep.id === a ? c.a : c.b;
    if (kept.row.invalidatedAt) return skip('the memory to keep is retired; restore it first or keep the other');
    if (!dryRun) {
      await supersede(tx, actor.userId, { id: kept.row.id, content: kept.row.content }, [d.drop.id]);
      await close(tx, c, 'resolved', d.resolution, actor.userId);
    }
    return { ...base, outcome: 'resolved', kept: [d.keep.id], superseded: [d.drop.id] };
  }
  const scopeId = c.a.row.scopeId === c.b.row.scopeId ? c.a.row.scopeId : newerOf(c.a, c.b).row.scopeId;
  if (!(await canWriteScope(tx, scopeId))) return skip('you can no longer write where these memories live');
  if (dryRun) return { ...base, outcome: 'resolved', superseded: [a, b] };
  const created = await insertMerged(tx, actor, c, d.content, scopeId);
  await supersede(tx, actor.userId, { id: created, content: d.content }, [a, b]);
  await close(tx, c, 'resolved', `${d.resolution} into ${created}`, actor.userId);
  return { ...base, outcome: 'resolved', superseded: [a, b], created };
}

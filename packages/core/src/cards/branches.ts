// A card's git branches: opened with `branch`, closed by landing or by a stated reason they did not land.
import type { BranchInput, CardView } from '@svc/contract';
import { cardBranches, type Tx } from '@svc/db';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

export type BranchRow = typeof cardBranches.$inferSelect;
export type BranchView = CardView['branches'][number];

export function toBranchView(row: BranchRow): BranchView {
  return {
    repo: row.repo,
    name: row.name,
    state: row.closedAt === null ? 'open' : row.landedAt ? 'landed' : 'not_landed',
    opened_at: row.openedAt.toISOString(),
    landed_at: row.landedAt?.toISOString() ?? null,
    commit: row.landedCommit,
    not_landed_reason: row.notLandedReason,
  };
}

export async function branchesOf(
  tx: Tx,
  cardIds: readonly string[],
  openOnly = false,
): Promise<BranchRow[]> {
  if (cardIds.length === 0) return [];
  return tx
    .select()
    .from(cardBranches)
    .where(
      and(
        inArray(cardBranches.cardId, [...cardIds]),
        openOnly ? isNull(cardBranches.closedAt) : undefined,
      ),
    )
    .orderBy(asc(cardBranches.openedAt), asc(cardBranches.name));
}

export const openBranches = (tx: Tx, cardId: string) => branchesOf(tx, [cardId], true);

/** Opens the branch unless the card already holds it open; true when a branch was opened. */
export async function openBranch(
  tx: Tx,
  cardId: string,
  userId: string,
  branch: BranchInput,
): Promise<boolean> {
  const held = await openBranches(tx, cardId);
  if (held.some((b) => b.repo === branch.repo && b.name === branch.name)) return false;
  // Opened at once by another agent: the unique open-branch index keeps one, and this one did nothing.
  const inserted = await tx
    .insert(cardBranches)
    .values({ cardId, repo: branch.repo, name: branch.name, createdBy: userId })
    .onConflictDoNothing()
    .returning({ id: cardBranches.id });
  return inserted.length === 1;
}

/** Closes every open branch of the card as not landed, with the caller's reason; returns how many. */
export async function closeNotLanded(tx: Tx, cardId: string, reason: string): Promise<number> {
  const closed = await tx
    .update(cardBranches)
    .set({ closedAt: sql`now()`, notLandedReason: reason })
    .where(and(eq(cardBranches.cardId, cardId), isNull(cardBranches.closedAt)))
    .returning({ id: cardBranches.id });
  return closed.length;
}

export async function markLanded(tx: Tx, branchId: string, commit?: string): Promise<void> {
  await tx
    .update(cardBranches)
    .set({ closedAt: sql`now()`, landedAt: sql`now()`, landedCommit: commit ?? null })
    .where(eq(cardBranches.id, branchId));
}

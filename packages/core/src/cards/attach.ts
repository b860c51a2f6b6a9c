// attach and detach: point a card at a memory, another card or a URL; a card ref brings an undeclared relates_to.
import type { RefKind } from '@svc/contract';
import { cardRefs, type Tx } from '@svc/db';
import { fail } from '@svc/errors';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { loadMemory } from '../memory/load';
import { touchCard } from './declare-links';
import { resolveCardRef, type FoundCard } from './find-card';
import { recordUndeclared, retireUndeclared } from './relation-writes';

/** What is stored: a memory id, a card id (labels resolved on the card's board) or the URL. */
async function storedRef(
  tx: Tx,
  card: FoundCard,
  kind: RefKind,
  ref: string,
): Promise<{ ref: string; other?: FoundCard }> {
  if (kind === 'memory') {
    if (!(await loadMemory(tx, ref)))
      throw fail.notFound(`No memory ${ref} that you can see`, { ref });
    return { ref };
  }
  if (kind === 'url') return { ref };
  const other = await resolveCardRef(tx, ref, card.board);
  if (other.row.id === card.row.id)
    throw fail.validation(`${card.label} cannot be attached to itself`, { ref });
  return { ref: other.row.id, other };
}

function liveRef(cardId: string, kind: RefKind, ref: string) {
  return and(
    eq(cardRefs.cardId, cardId),
    eq(cardRefs.refKind, kind),
    eq(cardRefs.ref, ref),
    isNull(cardRefs.detachedAt),
  );
}

export async function attachRef(
  tx: Tx,
  userId: string,
  card: FoundCard,
  kind: RefKind,
  ref: string,
): Promise<boolean> {
  const stored = await storedRef(tx, card, kind, ref);
  const [held] = await tx
    .select({ id: cardRefs.id })
    .from(cardRefs)
    .where(liveRef(card.row.id, kind, stored.ref))
    .limit(1);
  if (held) return false;
  // Two agents attaching the same ref at once: the unique live-ref index lets one insert land; the
  // other's waits for it to commit and then does nothing, so it reports the ref as already held.
  const [inserted] = await tx
    .insert(cardRefs)
    .values({
      cardId: card.row.id,
      refKind: kind,
      ref: stored.ref,
      createdBy: userId,
      createdAt: sql`clock_timestamp()`,
    })
    .onConflictDoNothing()
    .returning({ id: cardRefs.id });
  if (!inserted) return false;
  if (stored.other) await recordUndeclared(tx, userId, card.row.id, stored.other.row.id);
  await touchCard(tx, card.row.id);
  return true;
}

/**
 * The undeclared relates_to is retired with the ref, unless the other card still has this one
 * attached: that attachment is still a reason for the pair to relate.
 */
export async function detachRef(
  tx: Tx,
  card: FoundCard,
  kind: RefKind,
  ref: string,
): Promise<boolean> {
  const stored = await storedRef(tx, card, kind, ref);
  const held = await tx
    .select({ id: cardRefs.id })
    .from(cardRefs)
    .where(liveRef(card.row.id, kind, stored.ref));
  if (held.length === 0)
    throw fail.notFound(`${card.label} has no ${kind} ${ref} attached`, {
      card: card.label,
      ref_kind: kind,
      ref,
    });
  await tx
    .update(cardRefs)
    .set({ detachedAt: sql`now()` })
    .where(
      inArray(
        cardRefs.id,
        held.map((h) => h.id),
      ),
    );
  if (stored.other) {
    const otherId = stored.other.row.id;
    const [reverse] = await tx
      .select({ id: cardRefs.id })
      .from(cardRefs)
      .where(liveRef(otherId, 'card', card.row.id))
      .limit(1);
    if (!reverse) await retireUndeclared(tx, card.row.id, otherId);
  }
  await touchCard(tx, card.row.id);
  return true;
}

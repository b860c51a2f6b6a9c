// The whole card as results show it: text, state, relations, branches and live attachments.
import type { CardView } from '@svc/contract';
import { allAtOnce, cardRefs, type Tx } from '@svc/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { branchesOf, toBranchView, type BranchRow } from './branches';
import { findCardById, type FoundCard } from './find-card';
import { liveRelations, relationsAssessed, type RelationView } from './relation-reads';

/** A creator whose account row is gone (the column is set null) shows as the nil uuid. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

async function liveRefs(tx: Tx, cardId: string): Promise<CardView['refs']> {
  const rows = await tx
    .select({ kind: cardRefs.refKind, ref: cardRefs.ref, at: cardRefs.createdAt })
    .from(cardRefs)
    .where(and(eq(cardRefs.cardId, cardId), isNull(cardRefs.detachedAt)))
    .orderBy(asc(cardRefs.createdAt));
  return rows.map((r) => ({ ref_kind: r.kind, ref: r.ref, attached_at: r.at.toISOString() }));
}

type ViewParts = [Map<string, RelationView[]>, BranchRow[], CardView['refs']];

/** The card's relations, branches and live attachments: three reads that need only its id. */
function viewReads(tx: Tx, cardId: string) {
  return [
    () => liveRelations(tx, [cardId]),
    () => branchesOf(tx, [cardId]),
    () => liveRefs(tx, cardId),
  ] as const;
}

function assemble(found: FoundCard, [relationsByCard, branches, refs]: ViewParts): CardView {
  const { row } = found;
  const relations = relationsByCard.get(row.id) ?? [];
  return {
    id: row.id,
    label: found.label,
    number: row.number,
    project_id: found.board.project.id,
    title: row.title,
    body: row.body === '' ? null : row.body,
    type: row.type,
    state: row.state,
    relations_assessed: relationsAssessed(row, relations),
    no_links_reason: row.noLinksReason,
    no_branch_reason: row.noBranchReason,
    relations,
    branches: branches.map(toBranchView),
    refs,
    created_by: row.createdBy ?? NIL_UUID,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function toCardView(tx: Tx, found: FoundCard): Promise<CardView> {
  return assemble(found, await allAtOnce(tx, viewReads(tx, found.row.id)));
}

/**
 * Reads the card again after a change, so the result shows what is stored. The card and its parts
 * are read at once (one round trip on the embedded database while the transaction holds it).
 */
export async function reloadCardView(tx: Tx, cardId: string): Promise<CardView> {
  const [found, ...parts] = await allAtOnce(tx, [
    () => findCardById(tx, cardId),
    ...viewReads(tx, cardId),
  ]);
  if (!found) throw new Error(`card ${cardId} vanished inside its own transaction`);
  return assemble(found, parts);
}

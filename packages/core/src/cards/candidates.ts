// Cards of the same board a card may relate to, named by the links_required refusal.
import { formatCardLabel, type RefusalDetails } from '@svc/contract';
import { cards, type Tx } from '@svc/db';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';

type Candidate = RefusalDetails<'links_required'>['candidates'][number];

const CANDIDATES_MAX = 10;
/** Enough recent cards to rank by words without reading a whole large board. */
const SCANNED_MAX = 200;

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/**
 * Open cards (backlog, active, review) of the board, those sharing most title words with `title`
 * first, then the most recently changed: the likeliest relations lead the list.
 */
export async function candidateCards(
  tx: Tx,
  boardId: string,
  title: string,
  excludeId?: string,
): Promise<Candidate[]> {
  const rows = await tx
    .select({ id: cards.id, number: cards.number, title: cards.title })
    .from(cards)
    .where(
      and(
        eq(cards.boardId, boardId),
        inArray(cards.state, ['backlog', 'active', 'review']),
        excludeId ? ne(cards.id, excludeId) : undefined,
      ),
    )
    .orderBy(desc(cards.updatedAt), desc(cards.number))
    .limit(SCANNED_MAX);
  const wanted = words(title);
  const shared = (t: string) => [...words(t)].filter((w) => wanted.has(w)).length;
  return rows
    .map((row, recency) => ({ row, score: shared(row.title), recency }))
    .sort((a, b) => b.score - a.score || a.recency - b.recency)
    .slice(0, CANDIDATES_MAX)
    .map(({ row }) => ({ id: row.id, label: formatCardLabel(row.number), title: row.title }));
}

// promote_loop: an open loop becomes a card (same rules as create, active by default), then the loop is closed.
import { bounds, type ToolArgs, type ToolOutput } from '@svc/contract';
import { memories, type Tx } from '@svc/db';
import { fail } from '@svc/errors';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../actor';
import { loadMemory, type LoadedMemory } from '../memory/load';
import { toMemoryView } from '../memory/to-view';
import { canWriteScope } from '../memory/write-access';
import { loadThreadSession } from '../sessions/thread-sessions';
import { attachRef } from './attach';
import { boardForCreate } from './board-target';
import { reloadCardView } from './card-view';
import { createCard } from './create-card';
import type { CardDeps } from './deps';
import { assertCardTextsClean } from './guard-texts';

/** The loop's first line, cut to the title bound. */
function titleOf(text: string): string {
  const first =
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? text.trim();
  const max = bounds.CARD_TITLE_MAX_CHARS;
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

async function openLoop(tx: Tx, id: string, closing: boolean): Promise<LoadedMemory> {
  const loop = await loadMemory(tx, id);
  if (!loop) throw fail.notFound('No such memory', { id });
  if (loop.row.loopState !== 'open' || loop.row.invalidatedAt) {
    throw fail.validation('That memory is not an open loop', {
      id,
      loop_state: loop.row.loopState,
    });
  }
  // Checked before the card exists, so a loop the caller may not close leaves no card behind.
  if (closing && !(await canWriteScope(tx, loop.row.scopeId)))
    throw fail.forbidden('You cannot close loops in that scope');
  return loop;
}

/**
 * The loop is closed the way close_loop closes one (retired in the caller's name), with the
 * card's label as its resolution; the card keeps the loop attached as a memory ref either way.
 */
async function closeAsPromoted(
  tx: Tx,
  userId: string,
  loopId: string,
  label: string,
): Promise<void> {
  await tx
    .update(memories)
    .set({
      loopState: 'closed',
      loopClosedAt: sql`now()`,
      invalidatedAt: sql`now()`,
      invalidatedBy: userId,
      invalidationReason: `promoted to ${label}`,
    })
    .where(eq(memories.id, loopId));
}

export async function promoteLoop(
  deps: CardDeps,
  actor: Actor,
  args: ToolArgs<'promote_loop'>,
): Promise<ToolOutput<'promote_loop'>> {
  await assertCardTextsClean(args);
  return deps.database.asUser(actor, async (tx) => {
    const session = await loadThreadSession(tx, actor.userId, args.thread);
    const loop = await openLoop(tx, args.memory_id, args.close_loop);
    const board = await boardForCreate(tx, actor.userId, args, session.project);
    const text = loop.row.contentEn ?? loop.row.content;
    const card = await createCard(tx, actor.userId, board, {
      ...args,
      title: args.title ?? titleOf(text),
      body: args.body ?? text,
      sourceMemoryId: loop.row.id,
    });
    await attachRef(tx, actor.userId, card, 'memory', loop.row.id);
    if (args.close_loop) await closeAsPromoted(tx, actor.userId, loop.row.id, card.label);
    return {
      card: await reloadCardView(tx, card.row.id),
      loop: toMemoryView((await loadMemory(tx, loop.row.id))!),
    };
  });
}

// The `card_log` tool: append a note (secrets refused before any write) and read the log, newest first.
import type { ToolArgs, ToolOutput } from '@svc/contract';
import type { Actor } from '../actor';
import { assertNoSecrets } from '@svc/secrets';
import { loadThreadSession } from '../sessions/thread-sessions';
import { appendNote, readLog } from './card-log-rows';
import type { CardDeps } from './deps';
import { locateCard, requireWritable } from './locate-card';

export async function runCardLog(
  deps: CardDeps,
  actor: Actor,
  args: ToolArgs<'card_log'>,
): Promise<ToolOutput<'card_log'>> {
  if (args.note !== undefined) await assertNoSecrets({ note: args.note });
  return deps.database.asUser(actor, async (tx) => {
    const session = await loadThreadSession(tx, actor.userId, args.thread);
    const writing = args.note !== undefined;
    const card = await locateCard(tx, actor.userId, args, session.project, writing);
    let added = null;
    if (args.note !== undefined) {
      await requireWritable(tx, card);
      added = await appendNote(tx, actor.userId, card.row.id, args.note);
    }
    const page = await readLog(tx, card.row.id, args);
    return { card: { id: card.row.id, label: card.label }, added, ...page };
  });
}

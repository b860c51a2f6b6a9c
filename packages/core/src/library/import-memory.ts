// import_memory: store a batch of memories in one target, reporting each item as imported or rejected.
import { randomUUID } from 'node:crypto';
import { CANONICAL_LANGUAGE, detectLanguage } from '@svc/language';
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { markChecksDue, memories, type MemorySource } from '@svc/db';
import type { Actor } from '../actor';
import type { MemoryDeps } from '../memory/deps';
import { inferKind } from '../memory/infer-kind';
import { resolveWriteTarget } from '../targets/resolve-target';
import { sessionAndTarget } from '../targets/session-and-target';
import { screenImport, secretBearing, type ImportItem } from './import-screen';

type Args = ToolArgs<'import_memory'>;
type Output = ToolOutput<'import_memory'>;

function sourceOf(item: ImportItem, system: string | null): MemorySource {
  const s = item.source;
  return {
    ...(s?.agent && { agent: s.agent }),
    ...(s?.client && { client: s.client }),
    ...(s?.conversation_id && { conversationId: s.conversation_id }),
    ...(s?.chunk_id && { transcriptChunkId: s.chunk_id }),
    ...(item.external_id && { externalId: item.external_id }),
    ...(system && { sourceSystem: system }),
  };
}

/** The original's time keeps the ordering of the export; a time in the future would sort it first forever. */
function createdAtOf(item: ImportItem, now: Date): Date | undefined {
  if (!item.created_at) return undefined;
  const at = new Date(item.created_at);
  return at > now ? now : at;
}

export async function importMemory(deps: MemoryDeps, actor: Actor, args: Args): Promise<Output> {
  const items = args.items;
  const secrets = await secretBearing(items);
  // Embedding is slow, so it happens before the transaction; rejected items are simply not stored.
  const prepared = deps.indexer
    ? await Promise.all(items.map((item, i) => (secrets.has(i) ? undefined : deps.indexer!.prepare(item.content))))
    : [];
  const languages = items.map((item) => detectLanguage(item.content));
  const output = await deps.database.asUser(actor, async (tx): Promise<Output> => {
    const [, target] = await sessionAndTarget(tx, actor.userId, args, (project) => resolveWriteTarget(tx, actor.userId, args, project));
    const system = args.source_system ?? null;
    const rejected = await screenImport(tx, target.scopeId, system, items, secrets);
    const now = new Date();
    const accepted = items.flatMap((item, index) => (rejected.has(index) ? [] : [{ item, index, id: randomUUID() }]));
    if (accepted.length) {
      await tx.insert(memories).values(
        accepted.map(({ item, index, id }) => ({
          id,
          ownerId: actor.userId,
          scopeId: target.scopeId,
          content: item.content,
          language: languages[index],
          kind: item.kind ?? inferKind(item.content),
          tags: item.tags ?? [],
          importance: item.importance ?? 0.5,
          eventAt: item.event_at ? new Date(item.event_at) : null,
          createdAt: createdAtOf(item, now),
          source: sourceOf(item, system),
          metadata: item.metadata ?? {},
        })),
      );
      for (const { index, id } of accepted) {
        if (deps.indexer && prepared[index] !== undefined) await deps.indexer.store(tx, id, prepared[index]);
      }
      // Checked like a remembered memory (a foreign one once translated): one statement for the batch.
      if (deps.checks) await markChecksDue(tx, accepted.map(({ id }) => id));
    }
    const project = target.project ? { id: target.project.id, name: target.project.name } : null;
    return {
      imported: accepted.map(({ index, id }) => ({ index, id })),
      rejected: [...rejected].sort(([a], [b]) => a - b).map(([index, reason]) => ({ index, reason })),
      to: { scope: target.scope, project },
    };
  });
  for (const { index, id } of output.imported) {
    if (languages[index] !== CANONICAL_LANGUAGE) deps.translation?.enqueue(id);
  }
  if (output.imported.length) deps.checks?.wake();
  return output;
}

// remember: store one durable memory in the resolved target, or return its exact twin, and supersede.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { markChecksDue, memories, type Tx } from '@svc/db';
import type { Actor } from '../actor';
import { CANONICAL_LANGUAGE, detectLanguage } from '@svc/language';
import { assertNoSecrets } from '@svc/secrets';
import { attachProject, loadThreadSession, sessionView } from '../sessions/thread-sessions';
import { resolveWriteTarget } from '../targets/resolve-target';
import type { MemoryDeps } from './deps';
import { inferKind } from './infer-kind';
import { loadMemory, type LoadedMemory } from './load';
import { supersede } from './supersede';
import { toMemoryView } from './to-view';
import { THREAD_SOURCE_KEY, writtenFields } from './written-fields';

type Args = ToolArgs<'remember'>;
type Output = ToolOutput<'remember'>;

async function findTwin(tx: Tx, scopeId: string, content: string): Promise<string | null> {
  const [twin] = await tx
    .select({ id: memories.id })
    .from(memories)
    .where(
      and(
        eq(memories.scopeId, scopeId),
        eq(memories.contentHash, sql`public.svc_content_hash(${content})`),
        isNull(memories.invalidatedAt),
      ),
    )
    .limit(1);
  return twin?.id ?? null;
}

function sourceColumn(source: Args['source']) {
  if (!source) return {};
  return {
    ...(source.agent && { agent: source.agent }),
    ...(source.client && { client: source.client }),
    ...(source.conversation_id && { conversationId: source.conversation_id }),
    ...(source.chunk_id && { transcriptChunkId: source.chunk_id }),
  };
}

export async function remember(deps: MemoryDeps, actor: Actor, args: Args): Promise<Output> {
  const output = await store(deps, actor, args);
  return { ...output, pending: output.created ? sendOn(deps, output.memory) : [] };
}

/**
 * After the commit, so the background work finds the row; the answer does not wait for it, and names
 * the work that continues. The check was marked due in the transaction; a memory going to translation
 * is checked once it is in English (the check leaves it due until then, the translation run wakes it).
 */
function sendOn(deps: MemoryDeps, memory: Output['memory']): Output['pending'] {
  const check: Output['pending'] = deps.checks ? ['conflict_check'] : [];
  if (memory.language !== CANONICAL_LANGUAGE && deps.translation) {
    deps.translation.enqueue(memory.id);
    return ['translation', ...check];
  }
  deps.checks?.wake();
  return check;
}

async function store(deps: MemoryDeps, actor: Actor, args: Args): Promise<Omit<Output, 'pending'>> {
  await assertNoSecrets({ content: args.content, tags: args.tags });
  const prepared = deps.indexer ? await deps.indexer.prepare(args.content) : undefined;
  return deps.database.asUser(actor, async (tx) => {
    let session = await loadThreadSession(tx, actor.userId, args.thread);
    const target = await resolveWriteTarget(tx, actor.userId, args, session.project);
    if (target.project) session = await attachProject(tx, actor.userId, session, target.project);
    const base = { near_duplicates: [], superseded: [], rules: { carried: [], needs_review: [] } };

    const twinId = args.on_duplicate === 'return_existing' ? await findTwin(tx, target.scopeId, args.content) : null;
    if (twinId) {
      const twin = await loadMemory(tx, twinId);
      if (twin) return { ...base, memory: toMemoryView(twin), created: false, duplicate_of: twinId, session: sessionView(session) };
    }

    const [row] = await tx
      .insert(memories)
      .values({
        ownerId: actor.userId,
        scopeId: target.scopeId,
        content: args.content,
        language: detectLanguage(args.content),
        kind: args.kind ?? inferKind(args.content),
        tags: args.tags ?? [],
        importance: args.importance ?? 0.5,
        loopState: args.loop ? 'open' : null,
        ...writtenFields(args, new Date()),
        source: {
          ...sourceColumn(args.source),
          ...(session.id && !args.source?.conversation_id && { [THREAD_SOURCE_KEY]: session.id }),
        },
      })
      .returning();
    const id = row!.id;
    // In this transaction: committed, the memory is checked even if this process stops before the job.
    if (deps.checks) await markChecksDue(tx, [id]);
    const outcome = await supersede(tx, actor.userId, { id, content: args.content }, args.supersedes ?? []);
    let nearDuplicates: Output['near_duplicates'] = [];
    if (deps.indexer && prepared !== undefined) {
      const superseded = new Set(outcome.superseded);
      nearDuplicates = (await deps.indexer.storeNear(tx, { memoryId: id, scopeId: target.scopeId, prepared }))
        .filter((d) => !superseded.has(d.id));
    }
    // No read back: only BEFORE triggers shape the row, so RETURNING is the row as stored, and a
    // memory written in this transaction is superseded by nothing yet.
    const stored: LoadedMemory = {
      row: row!,
      scopeKind: target.project ? 'project' : 'personal',
      supersedes: outcome.superseded,
      supersededBy: [],
    };
    return {
      memory: toMemoryView(stored),
      created: true,
      duplicate_of: null,
      near_duplicates: nearDuplicates,
      superseded: outcome.superseded,
      rules: { carried: outcome.carried, needs_review: outcome.needsReview },
      session: sessionView(session),
    };
  });
}

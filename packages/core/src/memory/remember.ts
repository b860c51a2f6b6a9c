// remember: store one durable memory in the resolved target, or return its exact twin, and supersede.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ToolArgs, ToolOutput } from '@svc/contract';
import { both, markChecksDue, markChecksDueStatement, memories, type Tx } from '@svc/db';
import type { Actor } from '../actor';
import { CANONICAL_LANGUAGE, detectLanguage } from '@svc/language';
import { assertNoSecrets } from '@svc/secrets';
import { attachProject, sessionView, type ThreadSession } from '../sessions/thread-sessions';
import { resolveWriteTarget, type ResolvedTarget } from '../targets/resolve-target';
import { sessionAndTarget } from '../targets/session-and-target';
import type { MemoryDeps } from './deps';
import { inferKind } from './infer-kind';
import { loadMemory, type LoadedMemory } from './load';
import { supersede, type SupersedeOutcome } from './supersede';
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

export interface RememberOptions {
  /**
   * Whether the memory joins its thread's neighbours (`source.threadSession`); default true. False
   * when the thread is not one the caller passed but one its transport session supplied for it:
   * that keeps the project and reuses the session's row, yet an agent that never echoes its
   * thread has its memories ranked as before, each on its own, not as one long conversation.
   */
  linkThread?: boolean;
}

export async function remember(deps: MemoryDeps, actor: Actor, args: Args, opts: RememberOptions = {}): Promise<Output> {
  const output = await store(deps, actor, args, opts.linkThread ?? true);
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

/** What the write needs to know first: all reads, so they can run while the model embeds. */
interface Gathered {
  session: ThreadSession;
  target: ResolvedTarget;
  twinId: string | null;
}

async function gather(tx: Tx, userId: string, args: Args): Promise<Gathered> {
  const [session, target] = await sessionAndTarget(tx, userId, args, (project) => resolveWriteTarget(tx, userId, args, project));
  const twinId = args.on_duplicate === 'return_existing' ? await findTwin(tx, target.scopeId, args.content) : null;
  return { session, target, twinId };
}

/**
 * With an indexer, two transactions as the caller: the first reads the session, the target and a
 * twin while the model embeds the text (waiting for it holds nothing, so other requests use the
 * embedded database's one connection meanwhile); the second, once the vector is there, writes
 * everything. A failed embedding therefore leaves nothing written (the first only reads, and touches
 * the thread's last use as recall does). A `project_hint` may create the project it names: that
 * write stays with the memory's, so such a call reads in the write transaction as before.
 */
async function store(deps: MemoryDeps, actor: Actor, args: Args, linkThread: boolean): Promise<Omit<Output, 'pending'>> {
  await assertNoSecrets({ content: args.content, tags: args.tags });
  const { indexer } = deps;
  if (!indexer) return deps.database.asUser(actor, async (tx) => write(tx, deps, actor, args, await gather(tx, actor.userId, args), undefined, linkThread));
  const embedding = indexer.prepare(args.content);
  // Awaited after the first transaction; if that one fails first, the embedding's own failure
  // must not surface as an unhandled rejection.
  embedding.catch(() => undefined);
  // Its one write (the session touched) is a statement complete in itself (`statementsAsUser`).
  const gathered = args.project_hint === undefined ? await deps.database.statementsAsUser(actor, (tx) => gather(tx, actor.userId, args)) : null;
  const prepared = await embedding;
  return deps.database.asUser(
    actor,
    async (tx) => write(tx, deps, actor, args, gathered ?? (await gather(tx, actor.userId, args)), prepared, linkThread),
    indexer.nearSettings(),
  );
}

async function write(
  tx: Tx,
  deps: MemoryDeps,
  actor: Actor,
  args: Args,
  { target, twinId, ...gathered }: Gathered,
  prepared: unknown,
  linkThread: boolean,
): Promise<Omit<Output, 'pending'>> {
  let { session } = gathered;
  if (target.project) session = await attachProject(tx, actor.userId, session, target.project);
  const base = { near_duplicates: [], superseded: [], rules: { carried: [], needs_review: [] } };

  if (twinId) {
    // Read again here: a twin retired since the first transaction is no answer, and the memory is stored.
    const twin = await loadMemory(tx, twinId);
    if (twin && !twin.row.invalidatedAt) {
      return { ...base, memory: toMemoryView(twin), created: false, duplicate_of: twinId, session: sessionView(session) };
    }
  }

  // Made here, not by the column's default, so the vector's statement can be sent beside the insert.
  const id = randomUUID();
  const insert = async () => {
    const [inserted] = await tx
      .insert(memories)
      .values({
        id,
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
          ...(linkThread && session.id && !args.source?.conversation_id && { [THREAD_SOURCE_KEY]: session.id }),
        },
      })
      .returning();
    return inserted!;
  };
  // In this transaction: committed, the memory is checked even if this process stops before the job.
  const due = deps.checks ? [markChecksDueStatement([id])] : [];
  const storeVector = async (): Promise<Output['near_duplicates']> => {
    // The check's mark travels in the vector's statement: one round trip fewer.
    if (deps.indexer && prepared !== undefined) {
      return deps.indexer.storeNear(tx, { memoryId: id, scopeId: target.scopeId, prepared, alongside: due });
    }
    if (due.length > 0) await markChecksDue(tx, [id]);
    return [];
  };
  let row: LoadedMemory['row'];
  let outcome: SupersedeOutcome = { superseded: [], carried: [], needsReview: [] };
  let nearDuplicates: Output['near_duplicates'];
  const supersedes = args.supersedes ?? [];
  if (supersedes.length === 0) {
    // Neither statement needs the other's answer: at once, one hop fewer while the transaction
    // holds the embedded database's one connection (run in this order all the same).
    [row, nearDuplicates] = await both(tx, insert, storeVector);
  } else {
    // What this memory supersedes is linked first, so the near-duplicate search passes over it.
    row = await insert();
    outcome = await supersede(tx, actor.userId, { id, content: args.content }, supersedes);
    const superseded = new Set(outcome.superseded);
    nearDuplicates = (await storeVector()).filter((d) => !superseded.has(d.id));
  }
  // No read back: only BEFORE triggers shape the row, so RETURNING is the row as stored, and a
  // memory written in this transaction is superseded by nothing yet.
  const stored: LoadedMemory = {
    row,
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
}

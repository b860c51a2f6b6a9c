// build_context: a briefing for a task — standing rules, open loops, relevant memories, active cards.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { CONTEXT_SECTIONS, type ToolArgs, type ToolOutput } from '@svc/contract';
import { memories, type Tx } from '@svc/db';
import type { Actor } from '../actor';
import type { MemoryDeps } from '../memory/deps';
import { loadMemories } from '../memory/load';
import type { RecallHit } from '../memory/retriever';
import { searchBesideEmbedding } from '../memory/search-beside-embedding';
import { toMemoryView } from '../memory/to-view';
import { listActiveRules } from '../rules/active-rules';
import { attachProject, sessionView, type ThreadSession } from '../sessions/thread-sessions';
import { resolveReadTarget } from '../targets/resolve-target';
import { sessionAndTarget } from '../targets/session-and-target';
import { briefingCards } from './board-cards';
import { fitSections, section, type BudgetSection } from './budget';

type Output = ToolOutput<'build_context'>;
const OPEN_LOOPS_MAX = 20;

async function openLoops(tx: Tx, scopeIds: string[] | null) {
  const rows = await tx
    .select({ id: memories.id })
    .from(memories)
    .where(and(eq(memories.loopState, 'open'), isNull(memories.invalidatedAt), scopeIds ? inArray(memories.scopeId, scopeIds) : undefined))
    .orderBy(desc(memories.importance), desc(memories.createdAt))
    .limit(OPEN_LOOPS_MAX);
  return (await loadMemories(tx, rows.map((r) => r.id))).map((m) => toMemoryView(m));
}

/**
 * As recall (`searchBesideEmbedding`): the task is embedded while the first transaction gathers the
 * session and target, rules, open loops and cards and plans the words; the second searches and
 * loads the memories.
 */
export async function buildContext(deps: MemoryDeps, actor: Actor, args: ToolArgs<'build_context'>): Promise<Output> {
  const order = args.sections ?? [...CONTEXT_SECTIONS];
  const want = new Set(order);
  return searchBesideEmbedding(
    deps,
    actor,
    want.has('memories') ? args.task : null,
    async (tx) => {
      const [loadedSession, target] = await sessionAndTarget(tx, actor.userId, args, (project) => resolveReadTarget(tx, actor.userId, args, project));
      let session = loadedSession;
      if (target.project && (args.project_hint !== undefined || args.scope)) {
        session = await attachProject(tx, actor.userId, session, target.project);
      }
      const query = { query: args.task, k: args.max_memories, scopeIds: target.scopeIds, includeRetired: false };
      const rules = want.has('rules') ? await listActiveRules(tx, { scopeIds: target.scopeIds }) : [];
      const loops = want.has('open_loops') ? await openLoops(tx, target.scopeIds) : [];
      const cards = want.has('cards') && target.project ? await briefingCards(tx, target.project.id) : [];
      return { session, target, query, rules, loops, cards };
    },
    async (tx, hits, gathered) => briefing(args, order, gathered, await relevant(tx, hits, gathered.loops)),
  );
}

type Gathered = {
  session: ThreadSession;
  target: { project: { id: string; name: string } | null; notes: string[] };
  rules: Awaited<ReturnType<typeof listActiveRules>>;
  loops: Awaited<ReturnType<typeof openLoops>>;
  cards: Awaited<ReturnType<typeof briefingCards>>;
};

/** The sections fitted to the token budget, in the order asked for. */
function briefing(
  args: ToolArgs<'build_context'>,
  order: readonly (typeof CONTEXT_SECTIONS)[number][],
  { session, target, rules, loops, cards }: Gathered,
  scored: Awaited<ReturnType<typeof relevant>>,
): Output {
  const sections: Record<(typeof CONTEXT_SECTIONS)[number], BudgetSection<unknown>> = {
    rules: section('rules', 'Standing rules', rules, (r) => r.rule_text),
    open_loops: section('open_loops', 'Open loops', loops, (m) => `${m.content} (${m.id})`),
    memories: section('memories', 'Relevant memories', scored, (s) => s.memory.content),
    cards: section('cards', 'Cards in progress', cards, (c) => `${c.label} [${c.state}] ${c.title}`),
  };
  const where = target.project ? `project "${target.project.name}"` : 'all your memories';
  const fitted = fitSections(order.map((s) => sections[s]!), args.token_budget, `# Briefing for: ${args.task.slice(0, 200)}\nFrom ${where}.\n`);
  const keep = <T>(items: T[], name: string): T[] => (fitted.kept.get(name) ?? []).map((i) => items[i]!);
  return {
    briefing: fitted.text,
    rules: keep(rules, 'rules').map((r) => ({ id: r.id, rule_text: r.rule_text })),
    open_loops: keep(loops, 'open_loops'),
    memories: keep(scored, 'memories'),
    cards: keep(cards, 'cards'),
    tokens_used: fitted.tokens,
    dropped: fitted.dropped as Output['dropped'],
    notes: target.notes,
    session: sessionView(session),
  };
}

/** The search's hits with their memories, open loops left out (they have a section of their own). */
async function relevant(tx: Tx, hits: RecallHit[], loops: { id: string }[]) {
  const loopIds = new Set(loops.map((l) => l.id));
  const loaded = new Map((await loadMemories(tx, hits.map((h) => h.memoryId))).map((m) => [m.row.id, m]));
  return hits.flatMap((h) => {
    const m = loaded.get(h.memoryId);
    return m && !loopIds.has(h.memoryId) ? [{ memory: toMemoryView(m), score: h.score, why: h.why }] : [];
  });
}

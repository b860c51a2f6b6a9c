// The connect-time instructions: router text plus the caller's rules, cut to whole segments for capped clients.

export const ROUTER_HEAD =
  'This server is your persistent memory. Before starting work, call build_context with the task to receive standing rules, open loops and relevant memories. Store durable facts, decisions and preferences with remember as soon as you learn them; use recall before asking the person again.';

export const ROUTER_TAIL =
  'Track follow-ups as open loops (remember with loop: true, close_loop when done). Retire what is no longer true with forget, or supersede it by passing supersedes to remember. Never store secrets: they are refused.';

export const PROJECT_NOTE =
  'Memories land in the project attached to this session: pass project_hint (a project name, repository path or git remote) or scope on your first call, then echo the thread token from results so the project survives a reconnect.';

/** Clients known to cap the instructions text, by the name they give at initialize, in characters. */
export const CAPPED_CLIENTS: Readonly<Record<string, number>> = {
  'claude-code': 2048,
};

type SegmentId = 'router_head' | 'owner_rules' | 'router_tail' | 'project_note';

/** Dropped first to last; the router's head is never dropped. */
const DROP_ORDER: SegmentId[] = ['project_note', 'owner_rules', 'router_tail'];

export interface Instructions {
  text: string;
  dropped: SegmentId[];
}

function rulesSegment(rules: readonly string[]): string | null {
  if (rules.length === 0) return null;
  return `Standing rules of the person you work for (follow them):\n${rules.map((r) => `- ${r}`).join('\n')}`;
}

export function composeInstructions(opts: { rules: readonly string[] | null; clientName?: string; budget?: number }): Instructions {
  const segments = new Map<SegmentId, string>([['router_head', ROUTER_HEAD]]);
  const rules = rulesSegment(opts.rules ?? []);
  if (rules) segments.set('owner_rules', rules);
  segments.set('router_tail', ROUTER_TAIL);
  segments.set('project_note', PROJECT_NOTE);
  const budget = opts.budget ?? (opts.clientName ? CAPPED_CLIENTS[opts.clientName] : undefined);
  const dropped: SegmentId[] = [];
  const render = () => [...segments.values()].join('\n\n');
  if (budget !== undefined) {
    for (const id of DROP_ORDER) {
      if (render().length + droppedNote(dropped).length <= budget) break;
      if (segments.delete(id)) dropped.push(id);
    }
  }
  return { text: render() + droppedNote(dropped), dropped };
}

function droppedNote(dropped: SegmentId[]): string {
  if (dropped.length === 0) return '';
  const hint = dropped.includes('owner_rules') ? ' Read svc://rules for your standing rules.' : '';
  return `\n\n(Shortened for this client: ${dropped.join(', ')} omitted.${hint})`;
}

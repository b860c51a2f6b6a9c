// What settling one conflict means under a policy or an explicit choice, decided without the database.
import type { ToolArgs } from '@svc/contract';

type Args = ToolArgs<'resolve_conflicts'>;
export type Policy = NonNullable<Args['policy']>;
export type Choice = NonNullable<Args['choices']>[number];

export interface Side {
  id: string;
  createdAt: Date;
  importance: number;
}

export type Decision =
  | { kind: 'keep'; keep: Side; drop: Side; resolution: string }
  | { kind: 'dismiss'; resolution: string }
  | { kind: 'merge'; content: string; resolution: string }
  | { kind: 'skip'; reason: string };

function newer(a: Side, b: Side): Side | null {
  const diff = +a.createdAt - +b.createdAt;
  return diff > 0 ? a : diff < 0 ? b : null;
}

/** Picks the side a policy keeps, or null when the pair is tied on what the policy compares. */
function pick(policy: Exclude<Policy, 'keep_both'>, a: Side, b: Side): Side | null {
  const newest = newer(a, b);
  if (policy === 'keep_newest') return newest;
  if (policy === 'keep_oldest') return newest === null ? null : newest === a ? b : a;
  if (a.importance !== b.importance) return a.importance > b.importance ? a : b;
  // Equal importance: the newer statement is the better guess of what holds now.
  return newest;
}

/** An explicit choice wins over the policy; with neither, the conflict is left as it is. */
export function decide(a: Side, b: Side, choice: Choice | undefined, policy: Policy | undefined): Decision {
  if (choice) {
    if (choice.keep === 'both') return { kind: 'dismiss', resolution: 'choice: keep both' };
    if (choice.keep === 'merge') return { kind: 'merge', content: choice.merged_content!, resolution: 'choice: merge' };
    const [keep, drop] = choice.keep === 'a' ? [a, b] : [b, a];
    return { kind: 'keep', keep, drop, resolution: `choice: keep ${choice.keep}` };
  }
  if (!policy) return { kind: 'skip', reason: 'no choice for this conflict and no policy given' };
  if (policy === 'keep_both') return { kind: 'dismiss', resolution: 'policy keep_both' };
  const keep = pick(policy, a, b);
  if (!keep) return { kind: 'skip', reason: `${policy} cannot tell the two memories apart; settle it with a choice` };
  return { kind: 'keep', keep, drop: keep === a ? b : a, resolution: `policy ${policy}: kept ${keep === a ? 'a' : 'b'}` };
}

// A first guess at a memory's kind from its wording, used when the agent does not say.
import type { MemoryKind } from '@svc/contract';

const PATTERNS: [MemoryKind, RegExp][] = [
  ['instruction', /\b(always|never|must|do not|don't|make sure to|remember to)\b/i],
  ['preference', /\b(prefers?|likes?|dislikes?|favou?rite|would rather|wants?)\b/i],
  ['decision', /\b(decided|decision|we will|we'll|agreed to|chose|going with)\b/i],
  ['event', /\b(yesterday|today|last (week|month|year)|on \w+day|happened|attended|visited|met)\b/i],
];

export function inferKind(content: string): MemoryKind {
  for (const [kind, pattern] of PATTERNS) if (pattern.test(content)) return kind;
  return 'fact';
}

// The three hygiene checks: exact and near duplicates, stale memories, and likely contradictions.
import type { Candidate } from './candidates';

export interface Finding {
  check: 'duplicates' | 'stale' | 'conflicts';
  memoryIds: string[];
  detail: string;
  conflictKind?: 'duplicate' | 'contradiction';
}

const DAY_MS = 86_400_000;
export const STALE_LOOP_DAYS = 30;
export const STALE_LOW_IMPORTANCE_DAYS = 180;
/** Word overlap above which two memories say nearly the same thing. */
export const NEAR_DUPLICATE_OVERLAP = 0.85;
/** Word overlap above which a negation on one side only suggests a contradiction. */
export const CONTRADICTION_OVERLAP = 0.5;
const NEGATION = /\b(not|no longer|never|no|none|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|won't|can't|cannot|stopped)\b/i;

/** Jaccard overlap of two memories' stemmed words. */
export function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Pairs within one scope only: the same words in two different projects are not a duplicate. */
function* pairs(items: Candidate[]): Generator<[Candidate, Candidate]> {
  const byScope = new Map<string, Candidate[]>();
  for (const c of items) byScope.set(c.scopeId, [...(byScope.get(c.scopeId) ?? []), c]);
  for (const group of byScope.values()) {
    for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) yield [group[i]!, group[j]!];
  }
}

/** The verdict on one pair; shared with transcript extraction, which checks each new memory against the scope. */
export function classifyPair(a: Candidate, b: Candidate): Omit<Finding, 'memoryIds'> | null {
  const same = a.contentHash === b.contentHash;
  const score = same ? 1 : overlap(a.words, b.words);
  // Negations are stop words, so "X" and "no longer X" overlap fully: the negation decides first.
  const negatedOnce = !same && NEGATION.test(a.content) !== NEGATION.test(b.content);
  if (negatedOnce && score >= CONTRADICTION_OVERLAP) {
    return { check: 'conflicts', detail: 'Same subject, but only one of them negates it.', conflictKind: 'contradiction' };
  }
  if (score >= NEAR_DUPLICATE_OVERLAP) {
    const detail = same ? 'Identical content.' : `Nearly the same words (${Math.round(score * 100)}% overlap).`;
    return { check: 'duplicates', detail, conflictKind: 'duplicate' };
  }
  return null;
}

export function findDuplicatesAndContradictions(items: Candidate[], checks: Set<string>): Finding[] {
  const findings: Finding[] = [];
  for (const [a, b] of pairs(items)) {
    const verdict = classifyPair(a, b);
    if (verdict && checks.has(verdict.check)) findings.push({ ...verdict, memoryIds: [a.id, b.id] });
  }
  return findings;
}

export function findStale(items: Candidate[], now: Date): Finding[] {
  const findings: Finding[] = [];
  for (const c of items) {
    const idleDays = (now.getTime() - c.updatedAt.getTime()) / DAY_MS;
    if (c.loopState === 'open' && idleDays >= STALE_LOOP_DAYS) {
      findings.push({ check: 'stale', memoryIds: [c.id], detail: `Open loop untouched for ${Math.floor(idleDays)} days.` });
    } else if (c.importance < 0.3 && idleDays >= STALE_LOW_IMPORTANCE_DAYS) {
      findings.push({ check: 'stale', memoryIds: [c.id], detail: `Low importance and unchanged for ${Math.floor(idleDays)} days.` });
    }
  }
  return findings;
}

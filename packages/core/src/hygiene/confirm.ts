// Puts the word checks' suspected duplicates and contradictions before the model: confirmed, re-classified or dropped.
import type { Logger } from '@svc/observability';
import type { Candidate } from './candidates';
import type { Finding } from './checks';
import type { PairReviewer } from './review';

export type ReviewedFinding = Finding & { explanation?: string };

/** The model's part of a scan; absent, the word checks stand alone. */
export interface HygieneReading {
  reviewer: PairReviewer;
  logger: Logger;
  runId?: string;
  signal?: AbortSignal;
}

export async function confirmFindings(
  found: Finding[],
  items: Candidate[],
  checks: Set<string>,
  ownerId: string,
  reading: HygieneReading,
): Promise<ReviewedFinding[]> {
  const text = new Map(items.map((c) => [c.id, c.content]));
  const out: ReviewedFinding[] = [];
  for (const f of found) {
    const [a, b] = f.memoryIds;
    if (!f.conflictKind || !a || !b || reading.signal?.aborted) {
      if (checks.has(f.check)) out.push(f);
      continue;
    }
    try {
      const verdict = await reading.reviewer.review(
        { a: text.get(a) ?? '', b: text.get(b) ?? '', suspected: f.conflictKind },
        { userId: ownerId, runId: reading.runId, signal: reading.signal },
      );
      if (!verdict.kind) continue;
      const check = verdict.kind === 'duplicate' ? 'duplicates' : 'conflicts';
      if (!checks.has(check)) continue;
      out.push({ check, memoryIds: f.memoryIds, conflictKind: verdict.kind, detail: verdict.explanation, explanation: verdict.explanation });
    } catch (thrown) {
      // The model being away never costs a finding: the word check's verdict is recorded as it stood.
      reading.logger.warn('hygiene_review_failed', { runId: reading.runId, error: thrown instanceof Error ? thrown.message : String(thrown) });
      if (checks.has(f.check)) out.push(f);
    }
  }
  return out;
}

// Hygiene that reads: a language model confirms or dismisses each pair the word checks suspect, and says why.
import { z } from 'zod';
import type { LlmClient } from '@svc/llm';

export type SuspectedKind = 'duplicate' | 'contradiction';

export interface PairVerdict {
  /** null: the model read them as neither (the word checks were wrong), so nothing is recorded. */
  kind: SuspectedKind | null;
  explanation: string;
}

export interface PairReviewer {
  review(
    pair: { a: string; b: string; suspected: SuspectedKind },
    opts: { userId: string; runId?: string; signal?: AbortSignal },
  ): Promise<PairVerdict>;
}

const verdictAnswer = z.object({
  verdict: z.enum(['duplicate', 'contradiction', 'neither']),
  explanation: z.string().min(1).max(500),
});

const INSTRUCTIONS = [
  'You review two notes an AI agent stored for the same person or project.',
  'Answer "duplicate" when they state the same thing, "contradiction" when both cannot be true now',
  '(one replaces or denies the other), and "neither" when they are compatible or about different things.',
  'In "explanation", say in one English sentence what they share or disagree on; quote no secrets.',
].join(' ');

export function modelPairReviewer(llm: LlmClient): PairReviewer {
  return {
    async review(pair, opts) {
      const answer = await llm.complete({
        purpose: 'hygiene',
        schemaName: 'pair_verdict',
        schema: verdictAnswer,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: `The word checks suspect a ${pair.suspected}.\nNote A:\n${pair.a}\n\nNote B:\n${pair.b}` },
        ],
        userId: opts.userId,
        runId: opts.runId,
        signal: opts.signal,
      });
      return { kind: answer.verdict === 'neither' ? null : answer.verdict, explanation: answer.explanation };
    },
  };
}

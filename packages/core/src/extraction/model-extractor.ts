// The model-backed extractor: the transcript's turns, cleaned by the offline reader, sent to the language model for memories.
import { z } from 'zod';
import { MEMORY_KINDS } from '@svc/contract';
import type { LlmClient } from '@svc/llm';
import type { Logger } from '@svc/observability';
import { EXTRACTED_MAX_PER_CHUNK, offlineExtractor } from './offline-extractor';
import { transcriptTurns } from './transcript-turns';
import type { ExtractedMemory, ExtractionInput, Extractor, Turn } from './types';

/** Strict-mode friendly: every field present, absent values as null. */
const answer = z.object({
  memories: z.array(
    z.object({
      content: z.string().min(1).max(500).describe('One self-contained statement, naming who it is about.'),
      kind: z.enum(MEMORY_KINDS),
      open_loop: z.boolean().describe('A commitment or something still to do.'),
      event_at: z.string().nullable().describe('ISO 8601 time the event happens or happened, if the text says.'),
      turn: z.int().min(0).describe('Number of the turn it comes from.'),
    }),
  ),
});

const INSTRUCTIONS = [
  'You read a conversation between people and AI agents and list what is worth remembering later:',
  'facts, preferences, decisions, events with their time, instructions, and open loops (commitments, things still to do).',
  'Each memory is one short self-contained English statement that names who it is about ("Ada prefers pnpm", not "she prefers it").',
  'Resolve relative dates against the time of the turn. Leave out greetings, small talk, tool output and steps an assistant narrates.',
  'Never include passwords, tokens, keys or other credentials. Return an empty list when nothing is worth keeping.',
].join(' ');

function rendered(turns: readonly Turn[]): string {
  return turns.map((t, i) => `[${i}] ${t.speaker || 'unknown'}${t.saidAt ? ` (${t.saidAt.toISOString()})` : ''}: ${t.text}`).join('\n');
}

function toMemory(m: z.infer<typeof answer>['memories'][number], turns: readonly Turn[]): ExtractedMemory | null {
  const turn = turns[m.turn];
  if (!turn) return null; // a turn number the model made up cannot be provenance
  const at = m.event_at ? new Date(m.event_at) : undefined;
  return {
    content: m.content.trim(),
    kind: m.kind,
    loop: m.open_loop,
    ...(at && !Number.isNaN(at.getTime()) && { eventAt: at }),
    speaker: turn.speaker,
    ...(turn.saidAt && { saidAt: turn.saidAt }),
    turn: m.turn,
  };
}

/**
 * A model that keeps failing (its client already retried, or the breaker is open) does not hold
 * the chunk back: the offline extractor reads it instead, and the log says so.
 */
export function modelExtractor(llm: LlmClient, logger: Logger): Extractor {
  return {
    name: `model:${llm.model}`,
    async extract(input: ExtractionInput): Promise<ExtractedMemory[]> {
      const turns = transcriptTurns(input.text, input.receivedAt);
      if (turns.length === 0) return [];
      let found: z.infer<typeof answer>;
      try {
        found = await llm.complete({
          purpose: 'extract',
          schemaName: 'transcript_memories',
          schema: answer,
          messages: [
            { role: 'system', content: INSTRUCTIONS },
            { role: 'user', content: `Received: ${input.receivedAt.toISOString()}\n\n${rendered(turns)}` },
          ],
          userId: input.userId ?? null,
          runId: input.runId ?? null,
          signal: input.signal,
        });
      } catch (err) {
        if (input.signal?.aborted) throw err;
        logger.warn('extraction_model_failed', { runId: input.runId, error: err instanceof Error ? err.message : String(err) });
        return offlineExtractor.extract(input);
      }
      return found.memories.flatMap((m) => toMemory(m, turns) ?? []).slice(0, EXTRACTED_MAX_PER_CHUNK);
    },
  };
}

// The deterministic extractor: sentences of each turn sorted by their wording into loops, decisions, preferences, events and facts.
import * as chrono from 'chrono-node';
import type { MemoryKind } from '@svc/contract';
import { inferKind } from '../memory/infer-kind';
import { transcriptTurns } from './transcript-turns';
import type { ExtractedMemory, ExtractionInput, Extractor, Turn } from './types';

/** A chunk of 200,000 characters is far more than anyone says durably; the rest is left to the archive. */
export const EXTRACTED_MAX_PER_CHUNK = 400;
const MIN_WORDS = 4;
const MAX_CHARS = 500;

/** Commitments and things left to do. "I'll …" from an assistant narrates its next step, so only people's count. */
const LOOP_ANYONE = /\b(?:TODO|FIXME)\b|\b(?:we|you) still need to\b|\bstill (?:need|have) to\b|\bremind me\b|\bdon't forget\b|\bdo not forget\b|\bfollow up\b/i;
const LOOP_PERSON = /^(?:(?:and|so|ok(?:ay)?|then),?\s+)?(?:I'll|I will|I'm going to|I am going to|I need to|I have to|we need to|we should|we'll|we will|let's)\b/i;
const DECISION = /\b(?:we|I)(?: have| finally)? (?:decided|chose|agreed|settled on|are going with|will go with|went with)\b|\bdecision:|\blet's go with\b/i;
const PREFERENCE = /\b(?:I|we)(?: really| much| still)? (?:prefer|like|love|enjoy|hate|dislike|can't stand)\b|\bmy favou?rite\b|\bI'd rather\b/i;
const FILLER = /^(?:thanks|thank you|ok|okay|sure|great|wow|cool|nice|hi|hey|hello|bye|lol|haha|yes|no|yeah|awesome|congrats|good|sounds)\b/i;
/** "now" marks the moment of speaking, not an event of its own. */
const NOT_A_DATE = /^(?:right )?now$/i;
const ASSISTANT = new Set(['assistant', 'ai']);

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

function label(speaker: string): string {
  const s = speaker.toLowerCase();
  if (s === 'user' || s === 'human') return 'User';
  if (ASSISTANT.has(s)) return 'Assistant';
  return speaker;
}

function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const clean = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/\*\*|`/g, '').replace(/\s+/g, ' ').trim();
    for (const { segment } of segmenter.segment(clean)) if (segment.trim()) out.push(segment.trim());
  }
  return out;
}

function classify(sentence: string, byAssistant: boolean): { kind: MemoryKind; loop: boolean } | null {
  if (byAssistant && LOOP_PERSON.test(sentence) && !LOOP_ANYONE.test(sentence)) return null;
  const loop = LOOP_ANYONE.test(sentence) || LOOP_PERSON.test(sentence);
  if (loop) return { kind: DECISION.test(sentence) ? 'decision' : 'note', loop: true };
  const words = sentence.split(/\s+/).length;
  if (sentence.endsWith('?') || words < MIN_WORDS || sentence.length > MAX_CHARS) return null;
  if (FILLER.test(sentence) && words < 7) return null;
  if (DECISION.test(sentence)) return { kind: 'decision', loop: false };
  if (PREFERENCE.test(sentence)) return { kind: 'preference', loop: false };
  return { kind: inferKind(sentence), loop: false };
}

function fromTurn(turn: Turn, index: number, receivedAt: Date): ExtractedMemory[] {
  const byAssistant = ASSISTANT.has(turn.speaker.toLowerCase());
  const who = label(turn.speaker);
  const found: ExtractedMemory[] = [];
  for (const sentence of sentences(turn.text)) {
    const sorted = classify(sentence, byAssistant);
    if (!sorted) continue;
    // A date written in the sentence ("next Friday", "on 8 May") is read against when it was said.
    const when = chrono.parse(sentence, turn.saidAt ?? receivedAt).find((r) => !NOT_A_DATE.test(r.text))?.start.date();
    const kind = when && sorted.kind === 'fact' ? 'event' : sorted.kind;
    const eventAt = when ?? (kind === 'event' ? turn.saidAt : undefined);
    found.push({
      content: who ? `${who}: ${sentence}` : sentence,
      kind,
      loop: sorted.loop,
      ...(eventAt && { eventAt }),
      speaker: who,
      ...(turn.saidAt && { saidAt: turn.saidAt }),
      turn: index,
    });
  }
  return found;
}

export const offlineExtractor: Extractor = {
  name: 'offline-v1',
  extract(input: ExtractionInput): Promise<ExtractedMemory[]> {
    const seen = new Set<string>();
    const out: ExtractedMemory[] = [];
    transcriptTurns(input.text, input.receivedAt).forEach((turn, i) => {
      for (const m of fromTurn(turn, i, input.receivedAt)) {
        const key = m.content.toLowerCase();
        if (seen.has(key) || out.length >= EXTRACTED_MAX_PER_CHUNK) continue;
        seen.add(key);
        out.push(m);
      }
    });
    return Promise.resolve(out);
  },
};

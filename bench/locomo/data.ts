// Reads LoCoMo from ../shared/data (CC BY-NC 4.0: read in place, never copied into this repository).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const DEFAULT_DATA_PATH = fileURLToPath(
  new URL('../../../shared/data/locomo-dev.json', import.meta.url),
);

export interface Turn {
  /** Normalised dialog id, `D<session>:<turn>`. */
  diaId: string;
  speaker: string;
  text: string;
  session: number;
  /** Session start as LoCoMo gives it ("1:56 pm on 8 May, 2023"), parsed. */
  sessionAt: Date;
}

export interface Question {
  question: string;
  category: 1 | 2 | 3 | 4;
  /** Evidence turns that exist in the conversation (malformed ids split and normalised). */
  evidence: string[];
}

export interface Conversation {
  id: string;
  turns: Turn[];
  questions: Question[];
}

const turnSchema = z.object({ speaker: z.string(), dia_id: z.string(), text: z.string() });
const sampleSchema = z.object({
  sample_id: z.string(),
  conversation: z.record(z.string(), z.unknown()),
  qa: z.array(
    z.object({ question: z.string(), evidence: z.array(z.string()), category: z.number() }),
  ),
});

/**
 * Evidence ids come packed ("D8:6; D9:17", "D9:1 D4:4") and misspelt ("D:11:26", "D30:05"):
 * split on `;` and whitespace, then normalise each to `D<n>:<m>`; "D" alone yields nothing.
 */
export function normaliseEvidence(raw: string): string[] {
  return raw
    .split(/[;\s]+/)
    .map((part) => /^D:?(\d+):0*(\d+)$/.exec(part.trim()))
    .flatMap((m) => (m ? [`D${m[1]}:${m[2]}`] : []));
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "1:56 pm on 8 May, 2023" → that instant in UTC. */
export function parseSessionDate(text: string): Date {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm) on (\d{1,2}) (\w+),? (\d{4})/i.exec(text);
  if (!m) throw new Error(`unrecognised LoCoMo session date: ${text}`);
  const [, hh, mm, ampm, day, month, year] = m as unknown as string[];
  const hour = (Number(hh) % 12) + (ampm!.toLowerCase() === 'pm' ? 12 : 0);
  const monthIndex = MONTHS.indexOf(month!.toLowerCase());
  return new Date(Date.UTC(Number(year), monthIndex, Number(day), hour, Number(mm)));
}

export function loadLocomo(path = DEFAULT_DATA_PATH): Conversation[] {
  const samples = z.array(sampleSchema).parse(JSON.parse(readFileSync(path, 'utf8')));
  return samples.map((sample) => {
    const turns: Turn[] = [];
    for (let n = 1; sample.conversation[`session_${n}`] !== undefined; n++) {
      const sessionAt = parseSessionDate(String(sample.conversation[`session_${n}_date_time`]));
      for (const t of z.array(turnSchema).parse(sample.conversation[`session_${n}`])) {
        const diaId = normaliseEvidence(t.dia_id)[0] ?? t.dia_id;
        turns.push({ diaId, speaker: t.speaker, text: t.text, session: n, sessionAt });
      }
    }
    const known = new Set(turns.map((t) => t.diaId));
    const questions = sample.qa.flatMap((qa): Question[] => {
      if (qa.category < 1 || qa.category > 4) return []; // 5 = adversarial, scored apart in the literature
      const evidence = [...new Set(qa.evidence.flatMap(normaliseEvidence))].filter((id) =>
        known.has(id),
      );
      return evidence.length > 0
        ? [{ question: qa.question, category: qa.category as Question['category'], evidence }]
        : [];
    });
    return { id: sample.sample_id, turns, questions };
  });
}

/** The memory text of a turn, as the issue fixes it. */
export const turnContent = (t: Turn) => `${t.speaker}: ${t.text}`;

/** The same turn as an agent would write it with no fields: `On 8 May 2023, Caroline said: …`. */
export const plainContent = (t: Turn) =>
  `On ${t.sessionAt.getUTCDate()} ${MONTH_NAMES[t.sessionAt.getUTCMonth()]} ${t.sessionAt.getUTCFullYear()}, ${t.speaker} said: ${t.text}`;

const MONTH_NAMES = MONTHS.map((m) => m[0]!.toUpperCase() + m.slice(1));

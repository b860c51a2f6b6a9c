// Reads a transcript chunk in any of the common forms (JSONL sessions, `Speaker: text`, Markdown, the watcher's) as turns.
import * as chrono from 'chrono-node';
import { jsonlTurn } from './jsonl-turns';
import type { Turn } from './types';

/** A speaker is a role or one to three capitalised words, so ordinary sentences are not mistaken for one. */
const NAME = String.raw`(?:user|assistant|human|ai|system|[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,2})`;
/** `Name (time):` alone on a line (the watcher's form), `## Name`, `**Name:**`. */
const HEADING = new RegExp(String.raw`^(?:#{1,6}\s+)?(?:\*\*)?(${NAME})(?:\*\*)?(?:\s*\(([^)]{1,60})\))?\s*:?(?:\*\*)?:?\s*$`, 'i');
/** `Name: text`, `**Name:** text`, `- Name (time): text`. */
const INLINE = new RegExp(String.raw`^(?:[-*]\s+)?(?:\*\*)?(${NAME})(?:\*\*)?(?:\s*\(([^)]{1,60})\))?\s*(?:\*\*)?:(?:\*\*)?\s+(\S.*)$`, 'i');
/** A line that dates what follows: `Date: 8 May 2023`, `## Session date: …`, `[date] …` (never ordinary prose). */
const DATE_LINE = /^(?:#{1,6}\s*)?(?:\[date\]|(?:session )?date:)\s*(.+)$/i;
/** Tool calls summarised by the watcher, the watcher's continuation marks, tool markup. */
const NOISE = /^(?:\[tool [^\]]*\]|\[continued (?:in|from) the (?:next|previous) chunk\]|<\/?(?:tool|function|system)[\w-]*[^>]*>)/i;
const ROLES = new Set(['user', 'assistant', 'human', 'ai', 'system']);

function timeFrom(text: string | undefined, ref: Date): Date | undefined {
  if (!text) return undefined;
  const iso = /^\d{4}-\d{2}-\d{2}/.test(text) ? new Date(text) : undefined;
  if (iso && !Number.isNaN(iso.getTime())) return iso;
  return chrono.parseDate(text, ref) ?? undefined;
}

/**
 * Heading lines need a short name: `Summary:` in the middle of a reply would otherwise start a turn,
 * so a heading without a time counts only for roles and names seen inline or with a time before.
 */
export function transcriptTurns(text: string, receivedAt: Date): Turn[] {
  const turns: Turn[] = [];
  const known = new Set<string>();
  let current: Turn | undefined;
  let sessionDate: Date | undefined;
  let inFence = false;
  const start = (speaker: string, when: string | undefined, first: string) => {
    current = { speaker: speaker.trim(), saidAt: timeFrom(when, sessionDate ?? receivedAt) ?? sessionDate, text: first };
    known.add(current.speaker.toLowerCase());
    turns.push(current);
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('```')) {
      inFence = !inFence; // code blocks are tool input or output, not what anyone said
      continue;
    }
    if (inFence || line === '' || NOISE.test(line)) continue;
    if (line.startsWith('{')) {
      const turn = jsonlTurn(line);
      if (turn !== undefined) {
        current = undefined;
        if (turn) turns.push(turn);
        continue;
      }
    }
    const dated = DATE_LINE.exec(line);
    const date = dated ? chrono.parseDate(dated[1]!, receivedAt) : null;
    if (date) {
      sessionDate = date;
      current = undefined;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading && (heading[2] || ROLES.has(heading[1]!.toLowerCase()) || known.has(heading[1]!.toLowerCase()))) {
      start(heading[1]!, heading[2], '');
      continue;
    }
    const inline = INLINE.exec(line);
    if (inline) start(inline[1]!, inline[2], inline[3]!);
    else if (current) current.text += `${current.text ? '\n' : ''}${line}`;
    else start('', undefined, line);
  }
  return turns.filter((t) => t.text.trim() !== '' && t.speaker.toLowerCase() !== 'system');
}

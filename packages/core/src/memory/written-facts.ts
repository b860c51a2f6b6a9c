// Reads the event time and the speaker an agent writes into plain content ("On 8 May 2023, Caroline said: …").
import * as chrono from 'chrono-node';

export interface WrittenFacts {
  /** When what the memory tells happened: a date in the text, else the date the text is framed by. */
  eventAt?: Date;
  /** Who said it, when the text names them as its speaker. */
  speaker?: string;
}

/**
 * Dates are looked for in the opening characters only: what a memory is about is dated near its
 * start, and the parser's time grows with the text (remember must stay quick on a long paste).
 */
const READ_CHARS = 1000;
/** Dates are read in UTC, as the service stores and shows every time. */
const TIMEZONE = 'UTC';
/** "now" marks the moment of writing, not an event of its own. */
const NOT_A_DATE = /^(?:right )?now$/i;
/**
 * Lower-case words the parser reads as days or months ("I sat in the sun", "we march on") and a
 * bare hour ("at 5"): a date needs a capital, a digit with it, or an am/pm.
 */
const ORDINARY_WORD = /^(?:on\s+)?(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|march|may|june?|july?|aug)\b[^\d]*$|^at \d{1,2}$/;
/** A routine ("every Monday at 9am", "runs on Fridays", "daily") has no one event time. */
const ROUTINE =
  /\b(?:every|each)\s+(?:other\s+)?(?:day|week|month|year|morning|evening|night|weekday|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekdays|weekends|daily|weekly|monthly|yearly|nightly|annually)\b/i;
/** Addresses, paths and code carry digits that read as dates ("/2023/05/08"); they are blanked first. */
const UNREAD = /\bhttps?:\/\/\S+|\bwww\.\S+|`[^`]*`|(?:^|\s)(?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+){2,}/g;
/** A frame is a date the text opens with, closed by a comma, bracket, colon or dash. */
const FRAME_OPENER = /^\s*(?:on\s+|at\s+|\[|\()?$/i;
const FRAME_CLOSER = /^\s*(?:[,\]):]|\s[-–—]\s)/;

/**
 * One to three capitalised words. Pronouns, articles and the like open ordinary sentences
 * ("It said", "The doc says") and are never a speaker.
 */
const NAME = String.raw`([A-Z][\p{L}'’.-]*(?: [A-Z][\p{L}'’.-]*){0,2})`;
const NOT_A_NAME = new Set([
  'i', 'we', 'you', 'he', 'she', 'it', 'they', 'this', 'that', 'these', 'those', 'the', 'a', 'an',
  'someone', 'somebody', 'everyone', 'everybody', 'nobody', 'no one', 'one', 'who', 'what', 'which',
  'my', 'our', 'your', 'his', 'her', 'their', 'its', 'then', 'and', 'but', 'so', 'also', 'he/she',
]);
/** `Name said: …`, `Name said that …`, `Name told me …`, `Name wrote, "…"`. */
const SPEECH = new RegExp(
  String.raw`^${NAME}\s+(?:said|says|wrote|writes|asked|asks|replied|replies|answered|mentioned|added|explained|noted|told (?:me|us))\b`,
  'u',
);
/** Labels that open notes ("Note: …", "TODO: …"), never a speaker even after a date. */
const LABELS = new Set([
  'note', 'notes', 'todo', 'fixme', 'summary', 'decision', 'update', 'fix', 'important', 'warning',
  'reminder', 'context', 'question', 'answer', 'status', 'goal', 'action', 'idea', 'result', 'error',
  'info', 'tip', 'fyi', 'ps', 're', 'subject', 'topic', 'agenda', 'next', 'done', 'issue', 'bug',
  'task', 'edit', 'update', 'changelog', 'release', 'meeting', 'event', 'deadline', 'plan',
]);
/** After a frame, `Name: …` is a line of a chat log ("[2023-05-08 14:05] Alice: deploy done"). */
const LOGGED = new RegExp(String.raw`^${NAME}:\s`, 'u');

/** Same length, so the parser's positions still point into the original text. */
function blankUnread(text: string): string {
  return text.replace(UNREAD, (m) => ' '.repeat(m.length));
}

/** Only what the parser read as a date, trailing punctuation left out of its text. */
function datesIn(text: string, reference: Date): Array<{ index: number; text: string; at: Date }> {
  return chrono
    .parse(text, { instant: reference, timezone: TIMEZONE })
    .map((r) => ({ index: r.index, text: r.text.replace(/[\s,]+$/, ''), at: r.start.date() }))
    .filter((r) => !NOT_A_DATE.test(r.text.trim()) && !ORDINARY_WORD.test(r.text));
}

function speakerOf(body: string, framed: boolean): string | undefined {
  const trimmed = body.trimStart();
  const logged = framed ? LOGGED.exec(trimmed) : null;
  const m = SPEECH.exec(trimmed) ?? (logged && !LABELS.has(logged[1]!.toLowerCase()) ? logged : null);
  const name = m?.[1]?.replace(/[.'’-]+$/, '');
  if (!name || NOT_A_NAME.has(name.toLowerCase()) || NOT_A_NAME.has(name.split(' ')[0]!.toLowerCase())) return undefined;
  return name;
}

/**
 * `writtenAt` is the memory's own time, the reference for relative dates ("yesterday", "next
 * Friday"). A framing date ("On 8 May 2023, …", "[2023-05-08 14:05] …") is when the text was said:
 * relative dates after it are read against it, and it is the event time when nothing later dates
 * the event itself.
 */
export function readWrittenFacts(content: string, writtenAt: Date): WrittenFacts {
  const text = blankUnread(content.slice(0, READ_CHARS));
  const first = datesIn(text, writtenAt)[0];
  const framed =
    first !== undefined &&
    FRAME_OPENER.test(text.slice(0, first.index)) &&
    FRAME_CLOSER.test(text.slice(first.index + first.text.length));
  const saidAt = framed ? first.at : undefined;
  const bodyStart = framed ? first.index + first.text.length : 0;
  const rest = text.slice(bodyStart).replace(/^\s*(?:[,\]):]|[-–—])\s*/, (m) => ' '.repeat(m.length));
  const happened = ROUTINE.test(rest) ? undefined : datesIn(rest, saidAt ?? writtenAt)[0]?.at;
  const eventAt = happened ?? saidAt;
  const speaker = speakerOf(content.slice(bodyStart).replace(/^\s*(?:[,\]):]|[-–—])\s*/, ''), framed);
  return { ...(eventAt && { eventAt }), ...(speaker && { speaker }) };
}

// The time a question asks about ("in May 2023", "last year", "in June"), as the event times it prefers.
import * as chrono from 'chrono-node';

/** A span of instants (`to` exclusive), or a month of any year ("in June" names no year). */
export type TimeRange = { from: Date; to: Date } | { month: number };

const DAY = 86_400_000;
/** The moment of asking, and times of day alone ("opening night"), narrow nothing. */
const NO_TIME = /^(?:right )?now$|^today$|^(?:at |in the |this |to)?(?:night|morning|evening|afternoon|noon|midnight)$/i;

function yearOf(y: number): TimeRange {
  return { from: new Date(Date.UTC(y, 0, 1)), to: new Date(Date.UTC(y + 1, 0, 1)) };
}

/**
 * The first date the query names, widened to what it names: a year, a month, a week or a day.
 * `now` reads relative expressions ("last year"). Null when the query names no time.
 */
export function queryTimeRange(query: string, now: Date): TimeRange | null {
  const found = chrono
    .parse(query, { instant: now, timezone: 'UTC' })
    .find((r) => !NO_TIME.test(r.text.trim()));
  if (!found) {
    // A year alone ("in 2022") is no date to the parser.
    const year = /\b(?:in|during|of|from|since|by)\s+((?:19|20)\d{2})\b/i.exec(query);
    return year ? yearOf(Number(year[1])) : null;
  }
  const at = found.start.date();
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const relative = /\b(?:last|next|this|ago|yesterday|tomorrow|weeks?|months?|years?)\b/i.test(found.text);
  if (found.end) return { from: at, to: new Date(found.end.date().getTime() + DAY) };
  if (/\bweeks?\b/i.test(found.text)) return { from: new Date(at.getTime() - 3 * DAY), to: new Date(at.getTime() + 4 * DAY) };
  if (!found.start.isCertain('month') || /\byears?\b/i.test(found.text)) return yearOf(y);
  if (!relative && !found.start.isCertain('year') && !found.start.isCertain('day')) return { month: m };
  if (!found.start.isCertain('day') || /\bmonths?\b/i.test(found.text))
    return { from: new Date(Date.UTC(y, m, 1)), to: new Date(Date.UTC(y, m + 1, 1)) };
  const day = Date.UTC(y, m, at.getUTCDate());
  return { from: new Date(day), to: new Date(day + DAY) };
}

export function withinRange(at: Date | null, range: TimeRange): boolean {
  if (at === null) return false;
  return 'month' in range ? at.getUTCMonth() === range.month : at >= range.from && at < range.to;
}

/** A question after the time of something ("When did…", "How long ago…", "What year…"). */
const ASKS_WHEN = /^\s*(?:when\b|since when\b|how long ago\b|what (?:time|date|day|month|year)\b|which (?:day|month|year)\b)/i;

export function asksWhen(query: string): boolean {
  return ASKS_WHEN.test(query);
}

/**
 * Words that date what a text tells ("yesterday", "last week", "in May", "2022"). A date the text
 * opens with ("On 8 May 2023, Caroline said: …") only says when it was written, so it is left out.
 */
const TIME_WORDS =
  /\b(?:yesterday|today|tonight|tomorrow|(?:last|next|this|past) (?:week|weekend|month|year|night|morning|evening|summer|winter|spring|fall|autumn|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|ago|recently|january|february|march|april|june|july|august|september|october|november|december|(?:19|20)\d{2})\b/i;
const OPENING_DATE = /^\s*(?:\[[^\]]{1,40}\]|(?:on\s+)?[^,:\]\n]{1,40},)\s*(?:[\p{Lu}][\p{L}'’.-]*(?: [\p{Lu}][\p{L}'’.-]*){0,2} said:)?/u;

export function statesTime(content: string): boolean {
  return TIME_WORDS.test(content.replace(OPENING_DATE, ''));
}

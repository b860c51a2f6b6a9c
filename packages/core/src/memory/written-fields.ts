// What remember stores beside plain content: the event time and speaker written in it, and the thread it was written in.
import type { ToolArgs } from '@svc/contract';
import { readWrittenFacts } from './written-facts';

type Args = Pick<ToolArgs<'remember'>, 'content' | 'event_at' | 'metadata'>;

export interface WrittenFields {
  eventAt: Date | null;
  metadata: Record<string, unknown>;
}

/**
 * Fields the caller gave win; what the content says fills the rest, as if given: `event_at` from
 * a date in the text (relative dates read against the caller's event time, else the time of
 * writing) and `metadata.speaker` from "Caroline said: …". The search documents and the ranker
 * then treat a plain memory as they treat one written with those fields.
 */
export function writtenFields(args: Args, writtenAt: Date): WrittenFields {
  const given = args.event_at ? new Date(args.event_at) : null;
  const metadata = { ...(args.metadata ?? {}) };
  const facts = readWrittenFacts(args.content, given ?? writtenAt);
  const speaker = metadata.speaker;
  if (facts.speaker && (typeof speaker !== 'string' || speaker.trim() === '')) metadata.speaker = facts.speaker;
  return { eventAt: given ?? facts.eventAt ?? null, metadata };
}

/**
 * The key under which the memory's source names the session (thread) it was written in, when the
 * caller named no conversation: memories written one after another in one thread are neighbours
 * in the search documents (svc_memory_conversation, migration 0022), as a conversation's are. It
 * is the session row's id, never the thread token, and it is not part of the memory's view.
 */
export const THREAD_SOURCE_KEY = 'threadSession';

// Session state echoed on remember, recall and build_context: the attached project and the thread.
import { z } from 'zod';
import { randomBase62 } from './random';
import { projectRef } from './scope';

export const THREAD_TOKEN_PATTERN = /^thr_[0-9A-Za-z]{16,64}$/;
const THREAD_RANDOM_CHARS = 24;

/**
 * The thread is a state selector, not a credential: it lets an agent keep its attached project
 * across a transport reconnect, and grants nothing a caller's own authentication does not.
 */
export const threadToken = z
  .string()
  .max(68)
  .regex(THREAD_TOKEN_PATTERN, 'expected thr_<16-64 base62 chars>')
  .describe('Thread token from an earlier result; echo it back so your session keeps its project.');

export function mintThreadToken(): string {
  return `thr_${randomBase62(THREAD_RANDOM_CHARS)}`;
}

export const sessionSchema = z.object({
  attached_project: projectRef.nullable(),
  thread: threadToken.optional(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Input field of the tools that act on the session's project. */
export const threadField = { thread: threadToken.optional() };

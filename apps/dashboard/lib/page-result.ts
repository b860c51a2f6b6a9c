// Turns a failed server answer on a page into the right trip (sign-in, second factor) or a message to show.
import { redirect } from 'next/navigation';
import type { ApiFailure, ApiResult } from './api/client';
import { withNext } from './safe-next';

/** The data, or the failure to show; a lost session or a missing second factor leaves the page. */
export function dataOr<T>(result: ApiResult<T>, here: string): T | ApiFailure {
  if (result.ok) return result.data;
  if (result.status === 401 && result.code === 'insufficient_aal') redirect(withNext('/mfa/verify', here));
  if (result.status === 401) redirect(withNext('/login', here));
  return result;
}

export function isFailure(value: unknown): value is ApiFailure {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

/** A sentence for people; the server's own message only for the codes whose text is meant for them. */
export function failureText(failure: ApiFailure): string {
  if (failure.code === 'unreachable') return 'The memory server cannot be reached. Try again shortly.';
  if (failure.status === 429) return `Too many attempts. Try again in ${waitText(failure.retryAfterSeconds ?? 60)}.`;
  if (failure.status >= 500) return 'The memory server could not do that just now. Try again shortly.';
  return failure.message;
}

/** A wait in words, rounded up to whole minutes: "a minute", "15 minutes". */
export function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
}

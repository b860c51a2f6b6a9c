// What every dashboard data route shares: who is asking, and input checked where it arrives.
import type { Response } from 'express';
import { z } from 'zod';
import type { Actor } from '@svc/core';
import { fail } from '@svc/errors';
import { dashboardLocals } from '../../auth/dashboard-session';

/** The signed-in person as the core operations take them; `aal` is what lets RLS show their rows. */
export function personOf(res: Response): Actor {
  const { session } = dashboardLocals(res).live;
  return { userId: session.userId, aal: session.aal === 'aal2' ? 'aal2' : 'aal1' };
}

/** Parses query or path input, or throws `validation_failed` naming each bad field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  throw fail.validation(`Invalid request: ${summary}`, { issues });
}

export const idParam = z.object({ id: z.uuid() });

/** Query strings carry text: `true`/`1` and `false`/`0` are the only booleans accepted. */
export const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Page sizes stay within what one dashboard screen shows, so no answer grows without bound. */
export const queryLimit = (fallback: number) => z.coerce.number().int().min(1).max(100).default(fallback);

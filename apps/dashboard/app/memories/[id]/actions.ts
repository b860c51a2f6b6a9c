// Settling a conflict from a memory's page, through resolve_conflicts' rules on the server.
'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { pagesApi } from '../../../lib/api/data-pages';
import { withNext } from '../../../lib/safe-next';
import { CROSS_SITE, fromDashboard, sessionToken } from '../../../lib/session';

const ResolveForm = z.object({
  memory: z.uuid(),
  conflict: z.uuid(),
  keep: z.enum(['a', 'b', 'both', 'merge']),
  merged: z.string().max(20_000).optional(),
});

export async function resolveConflict(form: FormData): Promise<void> {
  if (!(await fromDashboard())) throw new Error(CROSS_SITE);
  const parsed = ResolveForm.safeParse({
    memory: form.get('memory'),
    conflict: form.get('conflict'),
    keep: form.get('keep'),
    merged: form.get('merged') || undefined,
  });
  if (!parsed.success) redirect('/memories?notice=failed');
  const here = `/memories/${parsed.data.memory}`;
  const token = await sessionToken();
  if (!token) redirect(withNext('/login', here));
  const { conflict, keep, merged } = parsed.data;
  const answer = await pagesApi(token).resolveConflict(conflict, keep, keep === 'merge' ? merged : undefined);
  redirect(`${here}?notice=${answer.ok ? 'settled' : 'not_settled'}`);
}

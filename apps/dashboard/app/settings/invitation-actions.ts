// The owner's invitations: make one (its link comes back once, to this form only) or withdraw one.
'use server';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { openAccount } from '../../lib/account-action';
import { dashboardOrigin } from '../../lib/env';
import { failureText } from '../../lib/page-result';

export interface InvitationState {
  made?: { link: string; email: string | null; expiresAt: string };
  error?: string;
}

const NewInvitation = z.object({
  email: z
    .string()
    .trim()
    .max(320)
    .transform((v) => v || undefined)
    .pipe(z.email('That is not an email address.').optional()),
  days: z.enum(['1', '7', '30']),
});

export async function makeInvitation(_previous: InvitationState, form: FormData): Promise<InvitationState> {
  const opened = await openAccount('/settings');
  if (!opened.ok) return { error: opened.error };
  const parsed = NewInvitation.safeParse({ email: form.get('email') ?? '', days: form.get('days') ?? '7' });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the fields.' };
  const made = await opened.api.createInvitation(parsed.data.email, Number(parsed.data.days));
  if (!made.ok) return { error: made.status === 400 || made.status === 403 ? made.message : failureText(made) };
  const link = new URL(`/signup?invitation=${encodeURIComponent(made.data.code)}`, dashboardOrigin()).toString();
  // The list above the form shows the new one at once; the secret stays in this form's state only.
  revalidatePath('/settings');
  return { made: { link, email: made.data.invitation.email, expiresAt: made.data.invitation.expires_at } };
}

export async function withdrawInvitation(form: FormData): Promise<void> {
  const opened = await openAccount('/settings');
  if (!opened.ok) throw new Error(opened.error);
  const id = z.uuid().safeParse(form.get('invitation_id'));
  if (!id.success) redirect('/settings?notice=failed');
  const done = await opened.api.revokeInvitation(id.data);
  redirect(done.ok || done.status === 404 ? '/settings?notice=invitation_withdrawn#invitations-heading' : '/settings?notice=failed');
}

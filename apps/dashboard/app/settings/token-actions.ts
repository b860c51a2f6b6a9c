// Personal access tokens from settings: make one (its secret comes back once, to this form only) or revoke one.
'use server';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { openAccount } from '../../lib/account-action';
import { failureText } from '../../lib/page-result';

export interface TokenState {
  made?: { token: string; name: string };
  error?: string;
}

const NewToken = z.object({
  name: z.string().trim().min(1, 'Give the token a name, such as the machine it is for.').max(200),
  expires: z.enum(['never', '30', '90', '365']),
});

export async function makeToken(_previous: TokenState, form: FormData): Promise<TokenState> {
  const opened = await openAccount('/settings');
  if (!opened.ok) return { error: opened.error };
  const parsed = NewToken.safeParse({ name: form.get('name') ?? '', expires: form.get('expires') ?? 'never' });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Give the token a name.' };
  const days = parsed.data.expires === 'never' ? undefined : Number(parsed.data.expires);
  const made = await opened.api.createToken(parsed.data.name, days);
  if (!made.ok) return { error: made.status === 400 ? made.message : failureText(made) };
  // The list above the form shows the new one at once; the secret stays in this form's state only.
  revalidatePath('/settings');
  return { made: { token: made.data.token, name: parsed.data.name } };
}

export async function revokeToken(form: FormData): Promise<void> {
  const opened = await openAccount('/settings');
  if (!opened.ok) throw new Error(opened.error);
  const id = z.uuid().safeParse(form.get('token_id'));
  if (!id.success) redirect('/settings?notice=failed');
  const revoked = await opened.api.revokeToken(id.data);
  redirect(revoked.ok || revoked.status === 404 ? '/settings?notice=token_revoked#tokens-heading' : '/settings?notice=failed');
}

// Forget and restore a memory from the list, then show the list again where the person was.
'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { dataApi } from '../../lib/api/data';
import { safeNext, withNext } from '../../lib/safe-next';
import { CROSS_SITE, fromDashboard, sessionToken } from '../../lib/session';

const MemoryForm = z.object({ id: z.string().min(1).max(200), back: z.string().max(2048).optional() });

async function change(form: FormData, how: 'forget' | 'restore'): Promise<void> {
  if (!(await fromDashboard())) throw new Error(CROSS_SITE);
  const parsed = MemoryForm.safeParse({ id: form.get('id'), back: form.get('back') ?? undefined });
  const back = safeNext(parsed.data?.back, '/memories');
  const token = await sessionToken();
  if (!token) redirect(withNext('/login', back));
  if (!parsed.success) redirect(back);
  const result = await dataApi(token)[how](parsed.data.id);
  const sep = back.includes('?') ? '&' : '?';
  redirect(`${back}${sep}notice=${result.ok ? (how === 'forget' ? 'forgotten' : 'restored') : 'failed'}`);
}

export async function forgetMemory(form: FormData): Promise<void> {
  await change(form, 'forget');
}

export async function restoreMemory(form: FormData): Promise<void> {
  await change(form, 'restore');
}

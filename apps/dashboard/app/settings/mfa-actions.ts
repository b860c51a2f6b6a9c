// Second-factor settings: enrol (secret, then a code, then recovery codes), new recovery codes, removal.
'use server';
import { redirect } from 'next/navigation';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { EnrollAnswer } from '../../lib/api/schemas';
import { openAccount } from '../../lib/account-action';
import { failureText } from '../../lib/page-result';

export interface MfaState {
  enroll?: EnrollAnswer;
  /** The otpauth URI as an SVG QR code (data URL), made here so no page script or network is needed. */
  qr?: string;
  recoveryCodes?: string[];
  error?: string;
}

const ConfirmForm = z.object({
  factor_id: z.string().min(1).max(200),
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/)),
});

/** One action for both steps, so the pending factor stays in the form's state between them. */
export async function enrolStep(previous: MfaState, form: FormData): Promise<MfaState> {
  const opened = await openAccount('/settings');
  if (!opened.ok) return { error: opened.error };
  if (form.get('intent') === 'start') {
    const started = await opened.api.mfaEnroll();
    if (!started.ok) return { error: failureText(started) };
    const svg = await QRCode.toString(started.data.otpauth_uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { enroll: started.data, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }
  const parsed = ConfirmForm.safeParse({ factor_id: form.get('factor_id'), code: form.get('code') ?? '' });
  if (!parsed.success) return { ...previous, error: 'Enter the 6-digit code your app shows.' };
  const confirmed = await opened.api.mfaConfirm(parsed.data.factor_id, parsed.data.code);
  if (!confirmed.ok) {
    const error = confirmed.status === 400 ? 'That code did not work. Check the time on your device and try again.' : failureText(confirmed);
    return { ...previous, error };
  }
  return { recoveryCodes: confirmed.data.recovery_codes };
}

export async function regenerateCodes(_previous: MfaState, _form: FormData): Promise<MfaState> {
  const opened = await openAccount('/settings');
  if (!opened.ok) return { error: opened.error };
  const made = await opened.api.recoveryCodes();
  return made.ok ? { recoveryCodes: made.data.recovery_codes } : { error: failureText(made) };
}

export async function removeFactor(): Promise<void> {
  const opened = await openAccount('/settings');
  if (!opened.ok) throw new Error(opened.error);
  const removed = await opened.api.removeFactor();
  if (!removed.ok) throw new Error(failureText(removed));
  redirect('/settings?notice=factor_removed');
}

// Bounds on dynamic client registration input, and the loopback rule that makes a CLI's any-port callback match.
import { z } from 'zod';

export const REGISTRATION_LIMITS = {
  redirectUris: 8,
  uriChars: 2048,
  scopeChars: 1024,
  scopeEntries: 32,
  clientNameChars: 200,
} as const;

const resourceValue = z.string().max(REGISTRATION_LIMITS.uriChars);

const registrationInput = z.looseObject({
  redirect_uris: z
    .array(z.string().max(REGISTRATION_LIMITS.uriChars))
    .min(1)
    .max(REGISTRATION_LIMITS.redirectUris),
  scope: z
    .string()
    .max(REGISTRATION_LIMITS.scopeChars)
    .refine(
      (s) => s.split(' ').filter(Boolean).length <= REGISTRATION_LIMITS.scopeEntries,
      'too many scope entries',
    )
    .optional(),
  resource: z
    .union([resourceValue, z.array(resourceValue).max(REGISTRATION_LIMITS.redirectUris)])
    .optional(),
  client_name: z.string().max(REGISTRATION_LIMITS.clientNameChars).optional(),
  application_type: z.string().optional(),
});

export type RedirectKind = 'loopback' | 'private_use' | 'https' | 'other';

/** RFC 8252 terms: loopback is localhost, 127.0.0.0/8 or [::1]; private-use is a custom scheme. */
export function redirectKind(uri: string): RedirectKind {
  const parsed = URL.parse(uri);
  if (!parsed) return 'other';
  const web = parsed.protocol === 'http:' || parsed.protocol === 'https:';
  if (!web) return 'private_use';
  const host = parsed.hostname;
  if (host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host))
    return 'loopback';
  return parsed.protocol === 'https:' ? 'https' : 'other';
}

export type RegistrationVerdict =
  | { ok: true; applicationType?: 'native' }
  | { ok: false; error: 'invalid_redirect_uri' | 'invalid_client_metadata'; description: string };

export function checkRegistration(body: unknown): RegistrationVerdict {
  const parsed = registrationInput.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'body');
    const error = field === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    return { ok: false, error, description: `${field}: ${issue?.message ?? 'not valid'}` };
  }
  const kinds = new Set(parsed.data.redirect_uris.map(redirectKind));
  if (kinds.has('https') && (kinds.has('loopback') || kinds.has('private_use'))) {
    return {
      ok: false,
      error: 'invalid_redirect_uri',
      description:
        'redirect_uris: one client may not mix https addresses with loopback (http://127.0.0.1, ' +
        'http://localhost) or private-use (custom scheme) ones; a web client registers https ' +
        'addresses only, a native client loopback or private-use ones only (RFC 8252). Register ' +
        'the two kinds as two clients.',
    };
  }
  // A native app listens on whatever port is free; only a native client matches loopback on any port.
  const nativeOnly = [...kinds].every((kind) => kind === 'loopback' || kind === 'private_use');
  if (nativeOnly && parsed.data.application_type === undefined)
    return { ok: true, applicationType: 'native' };
  return { ok: true };
}

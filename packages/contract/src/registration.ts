// Dynamic client registration input (RFC 7591): the contract's bounds and the redirect-mixing rule.
import { z } from 'zod';
import { CLIENT_NAME_MAX_CHARS } from './bounds';
import {
  REDIRECT_URIS_MAX,
  REDIRECT_URI_MAX_CHARS,
  REGISTRATION_RESOURCE_MAX_CHARS,
  REGISTRATION_SCOPE_MAX_CHARS,
} from './limits';
import { boundedText } from './shared/text';

/** RFC 8252 kinds of native-app redirect; `other` is a plain-http address on a remote host. */
export type RedirectUriKind = 'https' | 'loopback' | 'private_use' | 'other';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

/** null for a string that is not an absolute URI. */
export function redirectUriKind(uri: string): RedirectUriKind | null {
  if (!URL.canParse(uri)) return null;
  const url = new URL(uri);
  const loopback = LOOPBACK_HOSTS.has(url.hostname) || /^127(\.\d{1,3}){3}$/.test(url.hostname);
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    if (loopback) return 'loopback';
    return url.protocol === 'https:' ? 'https' : 'other';
  }
  return 'private_use';
}

/** A registration may not mix https redirects with loopback or private-use ones. */
export function mixesRedirectKinds(uris: readonly string[]): boolean {
  const kinds = new Set(uris.map(redirectUriKind));
  return kinds.has('https') && (kinds.has('loopback') || kinds.has('private_use'));
}

/** Space-separated RFC 6749 scope tokens. */
const SCOPE_PATTERN = /^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/;

export const registrationInput = z
  .looseObject({
    redirect_uris: z.array(z.url().max(REDIRECT_URI_MAX_CHARS)).min(1).max(REDIRECT_URIS_MAX),
    scope: z.string().max(REGISTRATION_SCOPE_MAX_CHARS).regex(SCOPE_PATTERN).optional(),
    resource: z
      .url()
      .max(REGISTRATION_RESOURCE_MAX_CHARS)
      .refine((uri) => !uri.includes('#'), 'a resource indicator carries no fragment (RFC 8707)')
      .optional(),
    client_name: boundedText(CLIENT_NAME_MAX_CHARS).optional(),
  })
  .superRefine((value, ctx) => {
    if (mixesRedirectKinds(value.redirect_uris)) {
      ctx.addIssue({
        code: 'custom',
        path: ['redirect_uris'],
        message: 'https redirect URIs must not be mixed with loopback or private-use ones',
        params: { oauth_error: 'invalid_redirect_uri' },
      });
    }
  });
export type RegistrationInput = z.infer<typeof registrationInput>;

/**
 * The OAuth error a failed parse answers with (RFC 7591 section 3.2.2): anything wrong in
 * redirect_uris is `invalid_redirect_uri`, anything else `invalid_client_metadata`.
 */
export function registrationErrorCode(
  error: z.ZodError,
): 'invalid_redirect_uri' | 'invalid_client_metadata' {
  return error.issues.some((issue) => issue.path[0] === 'redirect_uris')
    ? 'invalid_redirect_uri'
    : 'invalid_client_metadata';
}

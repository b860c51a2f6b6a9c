// Client registration: the 7.0.0 bounds at and past their edges, and the redirect-mixing rule.
import { describe, expect, it } from 'vitest';
import { chars } from '../test/fixtures';
import { accepts, refuses } from '../test/schema';
import {
  REDIRECT_URIS_MAX,
  REDIRECT_URI_MAX_CHARS,
  REGISTRATION_RESOURCE_MAX_CHARS,
  REGISTRATION_SCOPE_MAX_CHARS,
} from './limits';
import {
  mixesRedirectKinds,
  redirectUriKind,
  registrationErrorCode,
  registrationInput,
} from './registration';

const https = 'https://client.example/callback';
/** An https URI of exactly n characters. */
const uriOf = (n: number) => `${https}?p=${chars(n - https.length - 3)}`;

describe('registration bounds (7.0.0)', () => {
  it('accepts 8 redirect URIs and refuses 9', () => {
    accepts(registrationInput, {
      redirect_uris: Array.from({ length: REDIRECT_URIS_MAX }, (_, i) => `${https}/${i}`),
    });
    refuses(
      registrationInput,
      { redirect_uris: Array.from({ length: REDIRECT_URIS_MAX + 1 }, (_, i) => `${https}/${i}`) },
      'redirect_uris',
    );
    refuses(registrationInput, { redirect_uris: [] }, 'redirect_uris');
  });

  it('accepts a 2048-character redirect URI and refuses 2049', () => {
    expect(uriOf(REDIRECT_URI_MAX_CHARS)).toHaveLength(2048);
    accepts(registrationInput, { redirect_uris: [uriOf(REDIRECT_URI_MAX_CHARS)] });
    refuses(
      registrationInput,
      { redirect_uris: [uriOf(REDIRECT_URI_MAX_CHARS + 1)] },
      'redirect_uris',
    );
  });

  it('bounds scope at 1024 and resource at 2048 characters', () => {
    const manyTokens = `${'a '.repeat(511)}bc`;
    expect(manyTokens).toHaveLength(REGISTRATION_SCOPE_MAX_CHARS);
    accepts(registrationInput, { redirect_uris: [https], scope: manyTokens });
    accepts(registrationInput, {
      redirect_uris: [https],
      scope: chars(REGISTRATION_SCOPE_MAX_CHARS),
    });
    refuses(
      registrationInput,
      { redirect_uris: [https], scope: chars(REGISTRATION_SCOPE_MAX_CHARS + 1) },
      'scope',
    );
    const resource = (n: number) => `https://mcp.example/${chars(n - 20)}`;
    accepts(registrationInput, {
      redirect_uris: [https],
      resource: resource(REGISTRATION_RESOURCE_MAX_CHARS),
    });
    refuses(
      registrationInput,
      { redirect_uris: [https], resource: resource(REGISTRATION_RESOURCE_MAX_CHARS + 1) },
      'resource',
    );
  });

  it('refuses malformed scope and resource values', () => {
    refuses(registrationInput, { redirect_uris: [https], scope: 'a  b' }, 'scope');
    refuses(registrationInput, { redirect_uris: [https], scope: 'a "b"' }, 'scope');
    refuses(
      registrationInput,
      { redirect_uris: [https], resource: 'https://mcp.example/#x' },
      'resource',
    );
  });

  it('passes other RFC 7591 metadata through untouched', () => {
    const parsed = registrationInput.parse({
      redirect_uris: [https],
      grant_types: ['authorization_code'],
    });
    expect(parsed.grant_types).toEqual(['authorization_code']);
  });
});

describe('redirect URI kinds', () => {
  it('classifies the RFC 8252 kinds', () => {
    expect(redirectUriKind(https)).toBe('https');
    expect(redirectUriKind('http://127.0.0.1:3334/cb')).toBe('loopback');
    expect(redirectUriKind('http://localhost/cb')).toBe('loopback');
    expect(redirectUriKind('http://[::1]:8080/cb')).toBe('loopback');
    expect(redirectUriKind('com.example.app:/oauth')).toBe('private_use');
    expect(redirectUriKind('http://client.example/cb')).toBe('other');
    expect(redirectUriKind('not a uri')).toBeNull();
  });

  it('refuses https mixed with loopback or private-use as invalid_redirect_uri', () => {
    expect(mixesRedirectKinds([https, 'http://127.0.0.1/cb'])).toBe(true);
    expect(mixesRedirectKinds([https, 'com.example.app:/oauth'])).toBe(true);
    expect(mixesRedirectKinds(['http://127.0.0.1/cb', 'com.example.app:/oauth'])).toBe(false);
    const result = registrationInput.safeParse({ redirect_uris: [https, 'http://localhost:9/cb'] });
    expect(result.success).toBe(false);
    if (!result.success) expect(registrationErrorCode(result.error)).toBe('invalid_redirect_uri');
  });

  it('maps other failures to invalid_client_metadata', () => {
    const result = registrationInput.safeParse({ redirect_uris: [https], scope: chars(2000) });
    expect(!result.success && registrationErrorCode(result.error)).toBe('invalid_client_metadata');
  });
});

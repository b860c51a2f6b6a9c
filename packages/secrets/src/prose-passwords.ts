// Passwords stated in a sentence: "the root password for the NAS is hunter2-xyz". Neither gitleaks
// nor secretlint reads prose, yet it is how people write notes. Each check below exists because
// the same sentence shape also carries harmless words ("the password is stored in 1Password").
import { looksLikeSecretValue } from './credential-values';

export interface ProseSpan {
  range: [start: number, end: number];
}

/** A password word, up to 60 characters of the same clause, a verb or sign that states its value. */
const PROSE = new RegExp(
  String.raw`\b(?:pass(?:word|phrase|code|wd)|pwd|wi-?fi key)s?\b[^.\n!?;]{0,60}?` +
    String.raw`(?:\b(?:is|was|are|were|reads|became)(?:\s+now)?|\b(?:set|changed|reset)\s+to|[:=]|->|→)` +
    String.raw`\s*:?\s+["'“‘\x60]?([^\s"'”’\x60]{4,64})`,
  'dgi',
);

/** Terms that follow "password is" in technical notes without being one. */
const TERMS = new Set([
  'argon2', 'argon2id', 'bcrypt', 'scrypt', 'pbkdf2', 'sha1', 'sha256', 'sha512', 'md5', 'base64',
  'utf8', 'utf-8', 'ascii', 'hex', '1password', 'bitwarden', 'keepass', 'lastpass', 'vault', 'oauth2',
  'totp', '2fa', 'mfa', 'sso', 'ldap', 'saml', 'https', 'tls', 'ssl', 'aes256', 'aes-256', 'rsa4096',
]);

const TRAILING = /[.,;:!?)\]}]+$/;

/** A word of letters only, a known term, or a number with a unit ("12chars") is not a password. */
function isPlainSegment(segment: string): boolean {
  return /^[A-Za-z]+$/.test(segment) || TERMS.has(segment.toLowerCase()) || /^\d{1,3}[a-z]*$/i.test(segment);
}

export function proseValueIsSecret(raw: string): boolean {
  const value = raw.replace(TRAILING, '');
  if (value.length < 6) return false;
  if (/password|passwort/i.test(value)) return false;
  // Every part a word or a term ("argon2id-hashed", "bcrypt", "Blue-Sky"): prose, not a secret.
  if (value.split(/[-_.]/).every((segment) => segment === '' || isPlainSegment(segment))) return false;
  if (/^\d+$/.test(value)) return value.length >= 6;
  return looksLikeSecretValue(value) || (value.length < 8 && /[a-z]/i.test(value) && /\d/.test(value) && /[^a-z\d]/i.test(value));
}

export function detectProsePasswords(text: string): ProseSpan[] {
  const spans: ProseSpan[] = [];
  for (const match of text.matchAll(PROSE)) {
    const value = match[1];
    const at = match.indices?.[1];
    if (value === undefined || at === undefined || !proseValueIsSecret(value)) continue;
    const trimmed = value.replace(TRAILING, '');
    spans.push({ range: [at[0], at[0] + trimmed.length] });
  }
  return spans;
}

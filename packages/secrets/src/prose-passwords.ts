// Passwords stated in a sentence: "the root password for the NAS is hunter2-xyz". Neither gitleaks
// nor secretlint reads prose, yet it is how people write notes. Each check below exists because
// the same sentence shape also carries harmless words ("the password is stored in 1Password").
import { looksLikeSecretValue } from './credential-values';
import { shannonEntropy } from './entropy';

export interface ProseSpan {
  range: [start: number, end: number];
}

/** A password word, up to 60 characters of the same clause, a verb or sign that states its value.
 *  Quotes and brackets end the clause: in `pbkdf2(sha256, 'password', 'salt', { c: 524288 })` the
 *  colon belongs to another key. */
const PROSE = new RegExp(
  String.raw`\b(?:pass(?:word|phrase|code|wd)|pwd|wi-?fi key)s?\b[^.\n!?;{}[\]'"]{0,60}?` +
    String.raw`(?:\b(?:is|was|are|were|reads|became)(?:\s+now)?|\b(?:set|changed|reset)\s+to|[:=]|->|→)` +
    String.raw`\s*:?\s+["'“‘\x60]?([^\s"'”’\x60]{4,64})`,
  'dgi',
);

/** The same stated the other way round: "I set the NAS root password to …", "changed the Twilio
 *  token to …". Group 1 is the key word, so the value check knows a password from a key. */
const PROSE_SET = new RegExp(
  String.raw`\b(?:set|changed|reset|updated|rotated)\b[^.\n!?;]{0,40}?\b(pass(?:word|phrase|code|wd)|pwd|secret|key|token|credential)s?\b[^.\n!?;]{0,24}?\bto\s+["'“‘\x60]?([^\s"'”’\x60]{4,200})`,
  'dgi',
);

/** Terms that follow "password is" in technical notes without being one. */
const TERMS = new Set([
  'argon2', 'argon2id', 'bcrypt', 'scrypt', 'pbkdf2', 'sha1', 'sha256', 'sha512', 'md5', 'base64',
  'utf8', 'utf-8', 'ascii', 'hex', '1password', 'bitwarden', 'keepass', 'lastpass', 'vault', 'oauth2',
  'totp', '2fa', 'mfa', 'sso', 'ldap', 'saml', 'https', 'tls', 'ssl', 'aes256', 'aes-256', 'rsa4096',
]);

const TRAILING = /[.,;:!?)\]}]+$/;

/** A word (letters in the case of words: `bcrypt`, `Vault`, `HTTPS`, `JavaScript`), a known term,
 *  or a number with a unit ("12chars") is not a password. Letters in random case
 *  (`qhDZMsdFWeuHBeSY`, a generator's password) are not a word. */
function isPlainSegment(segment: string): boolean {
  return /^(?:(?:[A-Z]?[a-z]+)+|[A-Z]+[a-z]*)$/.test(segment) || TERMS.has(segment.toLowerCase()) || /^\d{1,3}[a-z]*$/i.test(segment);
}

export function proseValueIsSecret(raw: string): boolean {
  const value = raw.replace(TRAILING, '');
  if (value.length < 6) return false;
  if (/password|passwort/i.test(value)) return false;
  // Every part a word or a term ("argon2id-hashed", "bcrypt", "Blue-Sky"): prose, not a secret.
  if (value.split(/[-_.]/).every((segment) => segment === '' || isPlainSegment(segment))) return false;
  if (/^\d+$/.test(value)) return value.length >= 6;
  // A type name with a number inside (`Uint8Array`, `Base64Url`), as code comments write
  // "passphrase → Uint8Array"; a password of words ends its digits (`Summer2024`).
  if (/^(?:[A-Z][a-z]+)+\d+(?:[A-Z][a-z]+)+$/.test(value)) return false;
  if (looksLikeSecretValue(value)) return true;
  // Six or seven characters: looksLikeSecretValue wants eight, so mixed classes decide, and code
  // (`auth[1]`, `$PW`, `f(x)`) never counts.
  return value.length < 8 && !/[()[\]{}<>$]/.test(value) && /[a-z]/i.test(value) && /\d/.test(value) && /[^a-z\d]/i.test(value);
}

/** "the AWS secret access key is …", "Twilio token: …": a key word, then a long random value. */
const PROSE_SECRET = new RegExp(
  String.raw`\b(?:secret|key|token|credential)s?\b([^.\n!?;]{0,40}?)` +
    String.raw`(?:\b(?:is|was|are|were)(?:\s+now)?|[:=]|->|→)\s*:?\s+["'“‘\x60]?([A-Za-z0-9+/_=.~-]{20,200})`,
  'dgi',
);

/** Keys that name identifiers, hashes or public halves, in the words between the key word and "is". */
const HARMLESS_CONTEXT = /\b(?:public|publishable|cache|idempotency|commit|hash|checksum|sha\d*|id|uuid|fingerprint|sort|partition|primary|foreign|ssh-rsa|ssh-ed25519|gpg|pgp|gnupg|host)\b/i;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function proseSecretAccepted(gap: string, raw: string): boolean {
  const value = raw.replace(TRAILING, '');
  if (HARMLESS_CONTEXT.test(gap) || UUID.test(value) || value.length < 20) return false;
  // Hex keys (Twilio, Datadog) top out at 4 bits a character; 32 of them often score under 3.5.
  return looksLikeSecretValue(value) && shannonEntropy(value) >= (value.length >= 32 ? 3 : 3.5);
}

export function detectProsePasswords(text: string): ProseSpan[] {
  const spans: ProseSpan[] = [];
  for (const match of text.matchAll(PROSE_SET)) {
    const [word, value] = [match[1] ?? '', match[2]];
    const at = match.indices?.[2];
    if (value === undefined || at === undefined) continue;
    const secret = /^pass|^pwd/i.test(word) ? proseValueIsSecret(value) : proseSecretAccepted('', value);
    if (secret) spans.push({ range: [at[0], at[0] + value.replace(TRAILING, '').length] });
  }
  for (const match of text.matchAll(PROSE_SECRET)) {
    // The words just before the key word count too: "Release GPG key: <fingerprint>".
    const before = text.slice(Math.max(0, match.index - 24), match.index);
    const [gap, value] = [`${before} ${match[1] ?? ''}`, match[2]];
    const at = match.indices?.[2];
    if (value === undefined || at === undefined || !proseSecretAccepted(gap, value)) continue;
    // `const credentials = fromNodeProviderChain();`: a call, not a value.
    if (text[at[1]] === '(') continue;
    spans.push({ range: [at[0], at[0] + value.replace(TRAILING, '').length] });
  }
  for (const match of text.matchAll(PROSE)) {
    const value = match[1];
    const at = match.indices?.[1];
    if (value === undefined || at === undefined || !proseValueIsSecret(value) || text[at[1]] === '(') continue;
    const trimmed = value.replace(TRAILING, '');
    spans.push({ range: [at[0], at[0] + trimmed.length] });
  }
  return spans;
}

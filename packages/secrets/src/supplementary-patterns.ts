// Credential classes agents' users paste that secretlint's recommended preset (v13) misses: the
// generic detectors here (each names the gap it closes), and through `detectSupplementary` the
// rule tables (rules/), private keys and prose. Every pattern is linear (no nested quantifiers) so
// a 16000-char text stays fast.
import { looksLikeSecretValue } from './credential-values';
import { shannonEntropy } from './entropy';
import { detectPrivateKeys } from './private-keys';
import { detectProsePasswords } from './prose-passwords';
import { ALL_RULES, detectByRules } from './rules';

export interface SupplementaryDetector {
  /** Message id reported to secretlint; `describeFinding` maps it to a kind and label. */
  messageId: string;
  /** Global with indices (`gd`); group 1, when present, is the span reported and checked. */
  pattern: RegExp;
  /** Extra check on the reported span (and the key name, group 1, where the pattern has one),
   *  for generic patterns that would otherwise match prose. */
  accept?: (value: string, name: string) => boolean;
}

/** The preset knows only `sk-ant-api0N-` keys of the full length; admin keys and the OAuth tokens
 *  of Claude subscriptions (`sk-ant-oat01-`) are credentials too. */
const ANTHROPIC = /(?<![\w-])sk-ant-(?:api|admin|oat|ort|sid)\d{2}-[\w-]{32,}/dg;

/** The preset requires the `T3BlbkFJ` marker at fixed offsets; project, service-account and admin
 *  keys are recognisable by prefix alone, whatever their length. */
const OPENAI = /(?<![\w-])sk-(?:proj|svcacct|admin)-[\w-]{40,}/dg;

/** Google API keys (Gemini, Maps, Firebase); the preset's GCP rule reads service-account JSON only. */
const GOOGLE_API_KEY = /(?<![\w-])AIza[\w-]{35}(?![\w-])/dg;

/** A signed JWT is a bearer credential until it expires; header and payload both start `{"`. */
const JWT = /(?<![\w-])eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{20,}/dg;

/** `Authorization: Bearer …` lines copied from curl commands and HTTP logs. */
const AUTHORIZATION_HEADER =
  /\bauthorization["']?\s*[:=]\s*["']?(?:bearer|basic|token)\s+([\w.~+/=-]{16,})/dgi;

const VALUE = String.raw`\s*(?::=|=>|[:=])\s*(?:"([^"\n]{1,256})"|'([^'\n]{1,256})'|([^\s"'\x60,;&](?:[^\s"'\x60,;&]|&(?![\w.-]+=)){0,255}))`;

/** What may follow the key word and still name the credential itself (`DB_PASSWORD_PROD`,
 *  `API_TOKEN_VALUE`, `secret_b64`): its encoding, its environment or its generation. gitleaks lets
 *  any 20 characters follow; a closed list keeps `token_count`, `key_id`, `secret_name` harmless. */
const SUFFIX_WORDS = String.raw`value|val|b64|base64|hex|raw|data|str|string|plain|plaintext|bytes|enc|encoded|live|prod|production|staging|stage|dev|new|old|current|backup|secondary|v\d|\d`;
const SUFFIX = String.raw`(?:[_.-](?:${SUFFIX_WORDS}))?`;
const CAMEL_SUFFIX = String.raw`(?:Value|Val|B64|Base64|Hex|Raw|Data|Str|String|Plain|Plaintext|Bytes|Enc|Encoded|Live|Prod|Production|Staging|Stage|Dev|New|Old|Current|Backup|Secondary|V\d|\d)?`;

/** `password = "…"`, `client_secret: …`, `DB_PASSWORD=…`: the generic assignment the preset
 *  only checks for AWS. Needs a separator and a value that passes `looksLikeSecretValue`. As in
 *  gitleaks' generic-api-key, the key word may end a longer name without a separator before it
 *  (`PGPASSWORD`, `ROOTPASSWORD`, `APPSECRET`): the word must still end the name, so
 *  `password_hash` and `secretName` stay harmless. The short `pass` and `pw` count only as a
 *  whole name or after a separator (`SMTP_PASS`, `db_pw`, `pass:`), never inside a word
 *  (`bypass`, `compass`). */
const ASSIGNMENT = new RegExp(
  String.raw`(?<![\w.-])(?:[\w.-]*?(?:password|passwd|pwd|passphrase|secret|credentials?|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|account[_-]?key|auth[_-]?key|(?:auth|access|refresh|api|bearer|session|bot|app|service|deploy|personal|oauth|webhook|admin|integration)[_-]?token)|(?:[\w.-]*?[_.-])?(?:pass|pw))${SUFFIX}["']?(?![\w-])` +
    VALUE,
  'dgi',
);

/** The same names in camelCase or PascalCase (`twilioAuthToken = "…"`, `DbPassword: …`, `smtpPass`), as code,
 *  JSON and struct literals write them. */
const CAMEL_ASSIGNMENT = new RegExp(
  String.raw`(?<![\w.-])[A-Za-z][a-zA-Z0-9]*?(?:Password|Passwd|Pwd|Passphrase|Pass|Pw|Secret|ApiKey|AccessKey|SecretKey|PrivateKey|AccountKey|AuthKey|KeyBase|SigningKey|EncryptionKey|MasterKey|Credentials?|(?:Auth|Access|Refresh|Api|Bearer|Session|Bot|App|Service|Deploy|Oauth|Webhook|Admin|Integration)Token)${CAMEL_SUFFIX}["']?(?![\w-])` +
    VALUE,
  'dg',
);

/** A bare `token`/`key`/`secret` name with a long random value (gitleaks' generic-api-key): the
 *  value must be 20+ characters of high entropy and the name must not be one of the harmless keys.
 *  `token`, `key`, `secret` and `creds` may end a longer name without a separator (`MYTOKEN`,
 *  `masterkey`); the short `auth`, `sig` and `pat` need one (`compat`, `oauth` are words). */
const GENERIC_SECRET = new RegExp(
  String.raw`(?<![\w.-])((?:[\w-]*?(?:token|key|secret|creds?)|(?:[\w-]*?[_.-])?(?:auth|sig(?:nature)?|pat))${SUFFIX})["']?(?![\w-])` + VALUE,
  'dgi',
);

/** A `.netrc` entry (`machine host login user password …`, also read by curl, git and ftp): the
 *  value follows the word `password` after a space, which no assignment pattern reads. Lines may
 *  be JSON-escaped (`\n`), as when the file is pasted into a config value. */
const NETRC =
  /\b(?:machine[ \t]+[^\s\\]{1,253}|default)(?:(?:[ \t\r\n]|\\n)+(?:login|account|port)[ \t]+[^\s\\]{1,256}){0,3}(?:[ \t\r\n]|\\n)+password[ \t]+([^\s\\"]{1,256})/dg;

/** Kubernetes and CI env lists: `- name: DB_PASSWORD` with `value: …` on the next line. */
const NAME_VALUE_PAIR =
  /\bname:[ \t]*["']?([A-Za-z][\w.-]{0,80})["']?[ \t]*\r?\n[ \t]*value:[ \t]*(?:"([^"\n]{1,256})"|'([^'\n]{1,256})'|([^\s"'#][^\s"']{0,255}))/dg;

/** A credential's name in any case style: the last word says what it holds. */
const CREDENTIAL_NAME = new RegExp(
  String.raw`(?:^|[_.-]|[a-z](?=[A-Z]))(?:pass(?:word|wd|phrase)?|pwd|pw|secret|token|key|credentials?|auth|pat)(?:[_.-]?base)?(?:[_.-]?(?:${SUFFIX_WORDS}))?$`,
  'i',
);

/** Names whose long random values are identifiers, hashes or public keys, not secrets. */
const HARMLESS_NAME =
  /(?:^|[_.-])(?:public|publishable|pub|primary|foreign|partition|sort|cache|idempotency|dedup|row|object|s3|ssh|next|page|continuation|cursor|sync|etag|hash|checksum|api[_-]?version|max|min)(?:[_.-]|$)|^(?:key|sort_key|max_tokens|tokens?)$/i;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function genericAccept(value: string, name: string): boolean {
  if (HARMLESS_NAME.test(name) || UUID.test(value) || value.length < 20) return false;
  return looksLikeSecretValue(value) && shannonEntropy(value) >= 3.5;
}

/** Environment-variable style names ending in `_TOKEN` (`HF_TOKEN=…`), upper case only so
 *  `max_tokens: 4096`-style settings in prose are left alone. */
const ENV_TOKEN = new RegExp(
  String.raw`(?<![\w.-])[A-Z][A-Z0-9_]*_TOKEN["']?(?![\w-])` + VALUE,
  'dg',
);

/** Credentials in any URL scheme; the preset checks http, ftp and three databases only, and only
 *  passwords without punctuation. Redis, AMQP and SMTP URLs carry passwords the same way. A
 *  password may hold an unescaped `@` (libpq and most clients split at the last one). */
const CREDENTIAL_URL =
  /\b[a-z][a-z0-9+.-]{1,20}:\/\/([^\s:/@'"]{0,100}):([^\s/'"]{1,200})@[^\s/@'"]/dgi;

export const SUPPLEMENTARY_DETECTORS: readonly SupplementaryDetector[] = [
  { messageId: 'ANTHROPIC_KEY', pattern: ANTHROPIC },
  { messageId: 'OPENAI_KEY', pattern: OPENAI },
  { messageId: 'GOOGLE_API_KEY', pattern: GOOGLE_API_KEY },
  { messageId: 'JWT', pattern: JWT },
  {
    messageId: 'AUTHORIZATION_HEADER',
    pattern: AUTHORIZATION_HEADER,
    accept: (value) => value.length >= 16 && looksLikeSecretValue(value),
  },
  { messageId: 'CREDENTIAL_ASSIGNMENT', pattern: ASSIGNMENT, accept: looksLikeSecretValue },
  { messageId: 'CREDENTIAL_ASSIGNMENT', pattern: CAMEL_ASSIGNMENT, accept: looksLikeSecretValue },
  { messageId: 'CREDENTIAL_ASSIGNMENT', pattern: ENV_TOKEN, accept: looksLikeSecretValue },
  { messageId: 'GENERIC_SECRET', pattern: GENERIC_SECRET, accept: genericAccept },
  {
    messageId: 'CREDENTIAL_ASSIGNMENT',
    pattern: NAME_VALUE_PAIR,
    accept: (value, name) => CREDENTIAL_NAME.test(name) && !HARMLESS_NAME.test(name) && looksLikeSecretValue(value),
  },
  { messageId: 'CREDENTIAL_URL', pattern: CREDENTIAL_URL, accept: looksLikeSecretValue },
  { messageId: 'CREDENTIAL_ASSIGNMENT', pattern: NETRC, accept: looksLikeSecretValue },
];

/** Every message id the supplement can report, for secretlint's message table. */
export const SUPPLEMENTARY_MESSAGE_IDS: readonly string[] = [
  ...new Set([
    ...SUPPLEMENTARY_DETECTORS.map(({ messageId }) => messageId),
    'PRIVATE_KEY',
    'PROSE_PASSWORD',
    ...ALL_RULES.map(({ id }) => id),
  ]),
];

export interface DetectedSpan {
  messageId: string;
  range: readonly [start: number, end: number];
}

/** The last group that took part is the value (the password, not the user, in a URL). */
function valueSpan(match: RegExpExecArray): { value: string; range: [number, number] } {
  for (let group = match.length - 1; group >= 1; group -= 1) {
    const value = match[group];
    const indices = match.indices?.[group];
    if (value !== undefined && indices !== undefined) return { value, range: indices };
  }
  return { value: match[0], range: [match.index, match.index + match[0].length] };
}

/** One span, one finding: the first detector listed (the most specific) names it. */
function firstOfOverlaps(spans: DetectedSpan[]): DetectedSpan[] {
  const kept: DetectedSpan[] = [];
  for (const span of spans) {
    const [start, end] = span.range;
    if (!kept.some(({ range }) => start < range[1] && range[0] < end)) kept.push(span);
  }
  return kept.sort((a, b) => a.range[0] - b.range[0]);
}

export function detectSupplementary(content: string): DetectedSpan[] {
  const spans: DetectedSpan[] = [];
  for (const { messageId, pattern, accept } of SUPPLEMENTARY_DETECTORS) {
    for (const match of content.matchAll(pattern)) {
      const { value, range } = valueSpan(match);
      if (accept && !accept(value, match[1] ?? '')) continue;
      spans.push({ messageId, range });
    }
  }
  for (const { range } of detectPrivateKeys(content)) spans.push({ messageId: 'PRIVATE_KEY', range });
  for (const { range } of detectProsePasswords(content)) spans.push({ messageId: 'PROSE_PASSWORD', range });
  for (const { rule, range } of detectByRules(content)) spans.push({ messageId: rule.id, range });
  return firstOfOverlaps(spans);
}

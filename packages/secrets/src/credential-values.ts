// Decides whether a value after `password=` or in `user:pass@` looks like a real credential.
// Generic detectors see every `key: value` in prose and code, so each check here exists to keep
// placeholders, code expressions and references out: a false positive blocks a user's memory.

/** `x{3,}` only as a filler (`sk_live_xxx`, `xxx-xxx`, `AKIAxxxxxxxx`): a whole part of the value
 *  between separators or edges, or six long. Inside a random key (`…6XXxoo…` of base64) or at its
 *  start (`xXx30n…`) a run of three is chance. */
const PLACEHOLDER =
  /[<>{}]|^\$|\$[({]|(?:^|[^a-z0-9])x{3,}(?:$|[^a-z0-9])|x{6,}|\*{3,}|\.{3}|•|change.?me|example|placeholder|your[_-]|redacted|dummy|sample|(?:secret|password|token|key)[_-]?here/i;

const PLACEHOLDER_WORD =
  /^(?:null|none|nil|undefined|true|false|string|number|required|optional|empty|hidden|masked|pass(?:word|wd)?|secret|pwd|token|letmein|hunter2|admin|root|test(?:ing)?|default)$/i;

/** `%DB_PASSWORD%`: a Windows environment reference (upper case, so `%k%` inside a password is not),
 *  standing apart (`%APPDATA%\\key`): `Nr5GQH%HN8%ghp…`, glued to letters, is a password's symbols. */
const WINDOWS_VARIABLE = /(?:^|[^A-Za-z0-9])%[A-Z][A-Z0-9_]+%(?![A-Za-z0-9])/;

/** Function calls, indexing and member access (`os.environ["X"]`, `req.headers.authorization`,
 *  `env.BACKUP_S3_SECRET_ACCESS_KEY`): every dotted part is a name, upper snake or letters with at
 *  most a short number, so a token with a dot in its random body is not taken for code. */
const IDENTIFIER = String.raw`(?:[A-Z][A-Z0-9_]*|[A-Za-z_$][A-Za-z_$]*[0-9]{0,3})`;
const CODE_EXPRESSION = new RegExp(String.raw`[()[\]]|^${IDENTIFIER}(?:(?:\.|\?\.|::|->)${IDENTIFIER})+$`);

/** A sentence in quotes (`'The email or the password is wrong'`): several words and a function
 *  word. A passphrase of plain words ("correct horse battery staple") has none. */
const SENTENCE = /^(?=(?:\S+\s+){3})(?:.*\s)?(?:the|a|an|or|and|is|are|with|of|to|in|for|not|your|this)\s/i;

/** URLs and secret-manager references are exactly what users should store instead. */
const REFERENCE = /^(?:[a-z][a-z0-9+.-]*:\/\/|arn:|op:\/\/|vault:|ssm:|env:|projects\/)/i;

/** A file path: `/etc/ssl/key.pem`, `~/.config/token`, `./secrets.json`. Keys in base64 may start
 *  with `/` and `~` starts some client secrets, so a path needs a second separator or an extension. */
const PATH = /^(?:~|\.{1,2})?[/\\][\w.-]+(?:[/\\][\w.-]*)+$|^(?:~|\.{1,2})?[/\\][\w-]+\.[a-z]{1,5}$/i;

/** `prod-db-credentials-2024`, `my_app.secret`, `MyApp_Secret`: a resource name, not the secret it
 *  names. Each part is a word (or a camel-case run of words), so `lVdWFKvzHkD_FqjC` is not. */
const NAME_LIKE = /^(?:(?:[A-Z]?[a-z]+)+|[A-Z]+|\d+)(?:[-_.](?:(?:[A-Z]?[a-z]+)+|[A-Z]+|\d+))+$/;

function characterClasses(value: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(value)).length;
}

/** Query strings and form bodies carry values percent-encoded; the checks read the value itself. */
function decoded(value: string): string {
  if (!/%[0-9A-F]{2}/i.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** True when the value plausibly is a password, key or token rather than a stand-in for one. */
export function looksLikeSecretValue(raw: string): boolean {
  const value = decoded(raw);
  if (value.length < 8 || value.length > 256) return false;
  if (PLACEHOLDER.test(value) || PLACEHOLDER_WORD.test(value) || WINDOWS_VARIABLE.test(value)) return false;
  if (CODE_EXPRESSION.test(value) || REFERENCE.test(value) || PATH.test(value) || NAME_LIKE.test(value) || SENTENCE.test(value)) {
    return false;
  }
  if (/^(.)\1+$/.test(value)) return false;
  // "my awesome password": words that name what they stand for.
  if (/\s/.test(value) && /\b(?:pass(?:word|phrase)?|secret|token|key)\b/i.test(value)) return false;
  const classes = characterClasses(value);
  // Long random strings (hex, base64) may mix only two classes; short ones need three.
  return classes >= 3 || (value.length >= 16 && classes >= 2);
}

// Private keys in every armour: PEM (PKCS#1, PKCS#8, encrypted, EC, DSA, PGP), OpenSSH, SSH2
// (RFC 4716) and PuTTY files; with or without an END line, with PEM headers (Proc-Type, DEK-Info),
// and JSON-escaped (`\n` inside a service-account file). secretlint's rule needs an END line, a
// bare base64 body of 100+ characters and one of five labels, which is why such keys got through.

export interface KeySpan {
  range: [start: number, end: number];
}

/** `-----BEGIN … PRIVATE KEY-----`, `---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----`, PuTTY's first line. */
const HEADER =
  /-{4,5} ?BEGIN [A-Z0-9 _-]{0,40}?PRIVATE KEY(?: BLOCK)? ?-{4,5}|PuTTY-User-Key-File-\d+: /g;

const FOOTER = /-{4,5} ?END [A-Z0-9 _-]{0,40}?PRIVATE KEY(?: BLOCK)? ?-{4,5}/g;

/** Key bodies are base64 (PuTTY's too); 40 characters of it are far more than a label has. */
const BODY = /[A-Za-z0-9+/]{40,}/;

/** The body starts right after the header (PEM headers such as DEK-Info take under 200 characters):
 *  prose that names the header and mentions a hash further on is not a key. */
const BODY_WITHIN = 300;

/** A key cut short (no END line) is still a secret; its body ends at the first blank line. */
const BODY_END = /\n\s*\n|(?:\\n){2}/g;

/** How far after the header a body may be looked for: the largest RSA keys are about 3.3 KB. */
const MAX_KEY = 8192;

export function detectPrivateKeys(text: string): KeySpan[] {
  if (!/BEGIN|PuTTY/.test(text)) return [];
  // Every header first: a key's body ends at the next header at the latest, so each stretch of
  // the text is read once however many headers it holds.
  const headers = [...text.matchAll(HEADER)];
  const spans: KeySpan[] = [];
  let after = 0;
  for (const [i, header] of headers.entries()) {
    const start = header.index;
    if (start < after) continue;
    const from = start + header[0].length;
    const next = headers[i + 1]?.index ?? text.length;
    const window = text.slice(from, Math.min(from + MAX_KEY, next));
    FOOTER.lastIndex = 0;
    const footer = FOOTER.exec(window);
    BODY_END.lastIndex = 0;
    const gap = BODY_END.exec(window);
    // PuTTY files hold blank-line-free sections; PEM headers are followed by one blank line.
    const bodyEnd = footer ? footer.index : gap && gap.index > 80 ? gap.index : window.length;
    const first = BODY.exec(window.slice(0, Math.min(bodyEnd, BODY_WITHIN + 200)));
    if (!first || first.index > BODY_WITHIN) continue;
    const end = footer ? from + footer.index + footer[0].length : from + bodyEnd;
    spans.push({ range: [start, end] });
    after = end;
  }
  return spans;
}

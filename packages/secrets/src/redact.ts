// Replaces every credential the scanner finds with a placeholder naming its kind, for text that leaves the machine.
import { scanForSecrets } from './scan';

export interface Redaction {
  text: string;
  /** Kinds of what was replaced, in order; the values themselves are never kept. */
  kinds: string[];
}

/** The same findings as the guard, so text the watcher redacts would pass the server's guard. */
export async function redactSecrets(text: string): Promise<Redaction> {
  const findings = await scanForSecrets(text);
  if (findings.length === 0) return { text, kinds: [] };
  let out = '';
  let at = 0;
  for (const finding of findings) {
    const [start, end] = finding.range;
    out += text.slice(at, start) + `[redacted ${finding.kind}]`;
    at = end;
  }
  return { text: out + text.slice(at), kinds: findings.map((f) => f.kind) };
}

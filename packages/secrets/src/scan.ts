// Finds credentials in free text: secretlint's maintained preset, then our supplement (the rule
// tables ported from gitleaks' defaults, private keys, prose, generic detectors) in the same pass.
import { lintSource } from '@secretlint/core';
import { rules as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend';
import { disableEngineProfiler } from './engine-profiler';
import { visibleText } from './invisible';
import { describeFinding } from './secret-kinds';
import {
  supplementaryRule,
  SUPPLEMENTARY_RULE_ID,
  type SecretlintConfig,
} from './supplementary-rule';

export interface SecretFinding {
  /** secretlint rule id, e.g. "@secretlint/secretlint-rule-github". */
  ruleId: string;
  messageId: string;
  /** snake_case class for `error.details.kind`. */
  kind: string;
  /** Human phrase for messages, e.g. "GitHub token". */
  label: string;
  /** UTF-16 offsets of the finding in the scanned text; the text itself is never kept. */
  range: readonly [start: number, end: number];
}

/** A `secretlint-disable` comment inside a memory must not switch the guard off. */
const COMMENT_FILTER = '@secretlint/secretlint-rule-filter-comments';

/** Access key ids are half a credential and unmistakable; account ids are not secret at all. */
const RULE_SETTINGS: Readonly<Record<string, { options: object; allowMessageIds: string[] }>> = {
  '@secretlint/secretlint-rule-aws': {
    options: { enableIDScanRule: true },
    allowMessageIds: ['AWSAccountID'],
  },
};

// The preset's rules are listed one by one rather than through the preset: secretlint 13 ignores
// `disabled` on a rule inside a preset, so the comment filter could not be switched off there.
// Built once; the engine reads it on every call and never mutates it.
const CONFIG: SecretlintConfig = {
  rules: [
    ...recommendedRules
      .filter((rule) => rule.meta.id !== COMMENT_FILTER)
      .map((rule) => ({ id: rule.meta.id, rule, ...RULE_SETTINGS[rule.meta.id] })),
    { id: SUPPLEMENTARY_RULE_ID, rule: supplementaryRule },
  ],
};

// No file path: given one, the GCP rule would read a .p12 from disk and the npm rule would guess
// the file type from it. The engine needs a path or an extension; `.txt` selects no file-type rule.
const SOURCE = { filePath: '', ext: '.txt', contentType: 'text' } as const;

/** A value no real key has: a long run of a filler character (`ghp_xxxx…`; not of `A`, which
 *  OpenSSH keys and some vendor tokens do contain), a "your-…" stand-in, an ellipsis, a `<slot>`
 *  or a `somepassword`. Applied
 *  to every detector's span, the preset's included: documentation and examples are full of them,
 *  and a refused example is a lost memory. */
const STAND_IN_SPAN =
  /([xX0*#.•_-])\1{7,}|\byour[-_]|\.\.\.|<[\w-]+>|\b(?:some|my|your)[-_]?(?:password|passwd|secret|token|key)\b/i;

/** One span is one finding: keep the first reporter (the preset runs first) of any overlap. */
function withoutOverlaps(findings: SecretFinding[]): SecretFinding[] {
  const kept: SecretFinding[] = [];
  for (const finding of findings) {
    const [start, end] = finding.range;
    if (!kept.some(({ range }) => start < range[1] && range[0] < end)) kept.push(finding);
  }
  return kept.sort((a, b) => a.range[0] - b.range[0]);
}

// Best effort: should the profiler ever move, scanning still works (scan-memory.test.ts fails).
const profilerOff = disableEngineProfiler().catch(() => undefined);

/** Lists what in `text` looks like a credential; an empty list means the text may be stored. */
export async function scanForSecrets(given: string): Promise<SecretFinding[]> {
  if (given.trim() === '') return [];
  await profilerOff;
  const visible = visibleText(given);
  const text = visible.text;
  const result = await lintSource({
    source: { ...SOURCE, content: text },
    options: { config: CONFIG, noPhysicFilePath: true, maskSecrets: true },
  });
  const findings = result.messages
    .filter(({ range }) => !STAND_IN_SPAN.test(text.slice(range[0], range[1])))
    .map(({ ruleId, messageId, range }) => ({
      ruleId,
      messageId,
      ...describeFinding(ruleId, messageId),
      range: visible.toOriginal([range[0], range[1]]),
    }));
  return withoutOverlaps(findings);
}

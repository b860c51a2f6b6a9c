// Turns the rule tables into regular expressions once, and runs them with gitleaks' two filters:
// a keyword must occur before a pattern runs, and the secret must not look like a stand-in.
import { looksLikeSecretValue } from '../credential-values';
import { shannonEntropy } from '../entropy';
import type { Rule } from './types';

export interface CompiledRule {
  rule: Rule;
  pattern: RegExp;
}

/** gitleaks' assignment operators (`=`, `:`, `:=`, `=>`, `||`, `?=`, `,`), plus "is"/"was"/"are"
 *  and "to" for the same pair written in a sentence ("the Twilio auth token is …", "set the Mailgun
 *  key to …"). */
const ASSIGN = String.raw`(?:[ \t\w.-]{0,20}?)[\s'"]{0,3}(?:=>|:{1,3}=|\?=|\|\||[=:>,]|\s(?:is|was|are|to)(?:\s+now)?\s)[\x60'"\s=]{0,5}`;

/** What may follow a value: a quote, space, punctuation that ends it, an escaped newline, the end. */
const VALUE_END = String.raw`(?=[\x60'"\s;,)\]}<&|]|\\[nr]|\.(?:\s|$)|$)`;

function compile(rule: Rule): CompiledRule {
  if (rule.shape === 'token') {
    const flags = rule.ignoreCase ? 'dgi' : 'dg';
    return { rule, pattern: new RegExp(String.raw`(?<![\w-])(?:${rule.pattern})(?![\w-])`, flags) };
  }
  return {
    rule,
    pattern: new RegExp(`(?:${rule.names})${ASSIGN}(${rule.value})${VALUE_END}`, 'dgi'),
  };
}

/** Stand-ins users paste on purpose: AWS's documentation keys, masks, ellipses, templates, runs. */
const STAND_IN = /example|\.\.\.|\*\*\*|[<>{}]|\$\{|(.)\1{5,}/i;

/** Keyed values are guesses from context, so they must also look random. */
const KEYED_MIN_ENTROPY = 3;

export function acceptsSecret(rule: Rule, secret: string): boolean {
  if (STAND_IN.test(secret)) return false;
  // Passwords are chosen by people: the stand-in checks of the generic detectors apply to them too.
  if ((rule.kind === 'password' || rule.kind === 'connection_string') && !looksLikeSecretValue(secret)) {
    return false;
  }
  const minimum = rule.minEntropy ?? (rule.shape === 'keyed' ? KEYED_MIN_ENTROPY : 0);
  return minimum === 0 || shannonEntropy(secret) >= minimum;
}

export function compileRules(rules: readonly Rule[]): CompiledRule[] {
  const ids = new Set<string>();
  for (const { id } of rules) {
    if (ids.has(id)) throw new Error(`duplicate secret rule id ${id}`);
    ids.add(id);
  }
  return rules.map(compile);
}

export interface RuleMatch {
  rule: Rule;
  range: [start: number, end: number];
}

/** The first group that took part, when there is one, is the secret; otherwise the whole match. */
function secretOf(match: RegExpExecArray): { secret: string; range: [number, number] } {
  for (let group = 1; group < match.length; group += 1) {
    const value = match[group];
    const indices = match.indices?.[group];
    if (value !== undefined && indices !== undefined) return { secret: value, range: indices };
  }
  return { secret: match[0], range: [match.index, match.index + match[0].length] };
}

const escape = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pass over the text finds which keywords occur (gitleaks uses Aho-Corasick for the same
 *  job); a rule runs only when one of its keywords did. The lookahead tries every position, so
 *  overlapping keywords are all seen; at one position the longest wins, and the keywords it
 *  contains are counted with it. */
export function keywordScanner(compiled: readonly CompiledRule[]): (lower: string) => Set<string> {
  const keywords = [...new Set(compiled.flatMap(({ rule }) => rule.keywords))];
  keywords.sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(?=(${keywords.map(escape).join('|')}))`, 'g');
  const inside = new Map(keywords.map((k) => [k, keywords.filter((other) => k !== other && k.includes(other))]));
  return (lower) => {
    const seen = new Set<string>();
    for (const match of lower.matchAll(pattern)) {
      const keyword = match[1] ?? '';
      if (seen.has(keyword)) continue;
      seen.add(keyword);
      // A match of "sk-or-" also means "sk-" occurs there.
      for (const shorter of inside.get(keyword) ?? []) seen.add(shorter);
    }
    return seen;
  };
}

export function runRules(
  compiled: readonly CompiledRule[],
  text: string,
  keywordsIn: (lower: string) => Set<string> = keywordScanner(compiled),
): RuleMatch[] {
  const present = keywordsIn(text.toLowerCase());
  const found: RuleMatch[] = [];
  for (const { rule, pattern } of compiled) {
    if (!rule.keywords.some((keyword) => present.has(keyword))) continue;
    for (const match of text.matchAll(pattern)) {
      const { secret, range } = secretOf(match);
      if (acceptsSecret(rule, secret)) found.push({ rule, range });
    }
  }
  return found;
}

// Every rule table, compiled once. Families are separate files so each stays a readable table.
import { AI_RULES } from './ai';
import { CHAT_RULES } from './chat';
import { CLOUD_RULES } from './cloud';
import { COMMAND_RULES } from './commands';
import { compileRules, keywordScanner, runRules, type RuleMatch } from './compile';
import { DATABASE_RULES } from './databases';
import { FORGE_RULES } from './forges';
import { KEY_RULES } from './keys';
import { LONG_TAIL_RULES } from './long-tail';
import { PAYMENT_RULES } from './payments';
import { REGISTRY_RULES } from './registries';
import { SAAS_RULES } from './saas';
import type { Rule } from './types';

export type { Rule } from './types';

export const RULE_FAMILIES: Readonly<Record<string, readonly Rule[]>> = {
  'AI providers': AI_RULES,
  'cloud and infrastructure': CLOUD_RULES,
  'source forges and CI': FORGE_RULES,
  'chat, messaging and e-mail': CHAT_RULES,
  'payments and commerce': PAYMENT_RULES,
  'package registries': REGISTRY_RULES,
  'databases and data services': DATABASE_RULES,
  'developer and observability SaaS': SAAS_RULES,
  'key material': KEY_RULES,
  'command lines': COMMAND_RULES,
  'other services': LONG_TAIL_RULES,
};

export const ALL_RULES: readonly Rule[] = Object.values(RULE_FAMILIES).flat();

const COMPILED = compileRules(ALL_RULES);
const KEYWORDS = keywordScanner(COMPILED);

export const RULES_BY_ID: ReadonlyMap<string, Rule> = new Map(ALL_RULES.map((rule) => [rule.id, rule]));

export function detectByRules(text: string): RuleMatch[] {
  return runRules(COMPILED, text, KEYWORDS);
}

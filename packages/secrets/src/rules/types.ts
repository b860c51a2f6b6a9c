// The shape of one detection rule: data only, so every family file reads as a table.

/** Where a rule comes from, for attribution and for the coverage list in docs/contract/. */
export type RuleSource =
  | `gitleaks:${string}` // ported from gitleaks' config/gitleaks.toml (MIT), id as there
  | `secretlint:${string}` // widens a secretlint preset rule that misses a form
  | `svc:${string}`; // ours: a form neither rule set covers (id says which)

interface RuleBase {
  /** Stable id reported as the finding's message id, e.g. "twilio-api-key". */
  id: string;
  /** Human phrase for the refusal message, e.g. "Twilio API key". */
  label: string;
  /** snake_case class for `error.details.kind`. */
  kind: 'api_key' | 'access_token' | 'private_key' | 'password' | 'connection_string' | 'webhook_url' | 'secret';
  source: RuleSource;
  /** Lower-case literals, one of which must occur in the text before the pattern runs (gitleaks' prefilter). */
  keywords: readonly string[];
  /** Shannon entropy (bits per character) the secret must reach; keeps placeholders out. */
  minEntropy?: number;
}

/** A token recognisable by its own shape: a vendor prefix, a fixed layout. Matched as a whole
 *  word; group 1, when the pattern has one, is the secret, otherwise the whole match. */
export interface TokenRule extends RuleBase {
  shape: 'token';
  pattern: string;
  /** Case-insensitive match (the secret part of most vendor formats is fixed case). */
  ignoreCase?: boolean;
}

/** A value that is only a secret next to its name, `twilio_auth_token = …` (gitleaks' "semi-generic"
 *  rules): `names` must occur in the key, then an assignment, then a value of shape `value`. */
export interface KeyedRule extends RuleBase {
  shape: 'keyed';
  /** Regex alternation matched case-insensitively inside the key, e.g. "twilio". */
  names: string;
  /** Regex of the value itself (case-insensitive). */
  value: string;
}

export type Rule = TokenRule | KeyedRule;

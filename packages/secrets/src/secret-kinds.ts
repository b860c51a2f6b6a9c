// Names each detector's finding for people (label) and for agents (kind), without the secret itself.
import { RULES_BY_ID } from './rules';

export interface SecretKind {
  /** Short snake_case class for `error.details.kind`, e.g. "api_key" or "private_key". */
  kind: string;
  /** Human phrase used in the refusal message, e.g. "GitHub token". */
  label: string;
}

const PRESET_PREFIX = '@secretlint/secretlint-rule-';

/** Keyed by the rule id without the `@secretlint/secretlint-rule-` prefix. */
const BY_RULE: Readonly<Record<string, SecretKind>> = {
  aws: { kind: 'api_key', label: 'AWS secret access key' },
  gcp: { kind: 'private_key', label: 'GCP service account key' },
  npm: { kind: 'access_token', label: 'npm access token' },
  slack: { kind: 'access_token', label: 'Slack token' },
  basicauth: { kind: 'password', label: 'URL with a username and password' },
  openai: { kind: 'api_key', label: 'OpenAI API key' },
  anthropic: { kind: 'api_key', label: 'Anthropic API key' },
  groq: { kind: 'api_key', label: 'Groq API key' },
  huggingface: { kind: 'access_token', label: 'Hugging Face access token' },
  linear: { kind: 'api_key', label: 'Linear API key' },
  notion: { kind: 'access_token', label: 'Notion integration token' },
  privatekey: { kind: 'private_key', label: 'private key' },
  sendgrid: { kind: 'api_key', label: 'SendGrid API key' },
  shopify: { kind: 'access_token', label: 'Shopify access token' },
  stripe: { kind: 'api_key', label: 'Stripe secret key' },
  github: { kind: 'access_token', label: 'GitHub token' },
  gitlab: { kind: 'access_token', label: 'GitLab access token' },
  grafana: { kind: 'access_token', label: 'Grafana token' },
  '1password': { kind: 'access_token', label: '1Password service account token' },
  'database-connection-string': {
    kind: 'connection_string',
    label: 'database connection string with a password',
  },
  'hashicorp-vault': { kind: 'access_token', label: 'HashiCorp Vault token' },
  vercel: { kind: 'access_token', label: 'Vercel token' },
  databricks: { kind: 'access_token', label: 'Databricks access token' },
  docker: { kind: 'access_token', label: 'Docker access token' },
  figma: { kind: 'access_token', label: 'Figma access token' },
  cloudflare: { kind: 'api_key', label: 'Cloudflare API token' },
  tailscale: { kind: 'api_key', label: 'Tailscale key' },
};

/** Where one rule reports several classes, the message id tells them apart. */
const BY_MESSAGE: Readonly<Record<string, SecretKind>> = {
  AWSAccessKeyID: { kind: 'api_key', label: 'AWS access key ID' },
  IncomingWebhook: { kind: 'webhook_url', label: 'Slack incoming webhook URL' },
  ANTHROPIC_KEY: { kind: 'api_key', label: 'Anthropic API key or OAuth token' },
  OPENAI_KEY: { kind: 'api_key', label: 'OpenAI API key' },
  GOOGLE_API_KEY: { kind: 'api_key', label: 'Google API key' },
  JWT: { kind: 'access_token', label: 'JSON Web Token' },
  CREDENTIAL_ASSIGNMENT: { kind: 'password', label: 'password or secret value' },
  AUTHORIZATION_HEADER: { kind: 'access_token', label: 'credential in an Authorization header' },
  CREDENTIAL_URL: { kind: 'password', label: 'URL with a username and password' },
  GENERIC_SECRET: { kind: 'secret', label: 'secret value' },
  PRIVATE_KEY: { kind: 'private_key', label: 'private key' },
  PROSE_PASSWORD: { kind: 'password', label: 'password' },
};

/** A rule added to the preset later still refuses the text, under a generic name. */
const FALLBACK: SecretKind = { kind: 'secret', label: 'secret' };

export function describeFinding(ruleId: string, messageId: string): SecretKind {
  const short = ruleId.startsWith(PRESET_PREFIX) ? ruleId.slice(PRESET_PREFIX.length) : ruleId;
  const table = RULES_BY_ID.get(messageId);
  if (table) return { kind: table.kind, label: table.label };
  return BY_MESSAGE[messageId] ?? BY_RULE[short] ?? FALLBACK;
}

/** "an AWS key", "a GitHub token", "an npm token": spelling decides badly for initialisms. */
export function withArticle(label: string): string {
  return /^(?:[aeio]|npm\b|xai\b|sql\b)/i.test(label) ? `an ${label}` : `a ${label}`;
}

// The ways people write one credential down: a sentence, a .env line, JSON, YAML, a URL, code, a
// chat transcript. Each takes the kind and its fake value and returns the text a memory would hold.
import type { CredentialKind } from './kinds';

export type FormatName = 'prose' | 'env' | 'json' | 'yaml' | 'url' | 'code' | 'transcript';

const words = (kind: CredentialKind) => `${kind.service} ${kind.thing}`.replace(/^the /i, '');

/** `TWILIO_AUTH_TOKEN` → `twilio_auth_token` and `twilioAuthToken`. */
const snake = (kind: CredentialKind) => kind.env.toLowerCase();
const camel = (kind: CredentialKind) => snake(kind).replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The key inside its service's section: `auth_token` under `twilio:`. */
const field = (kind: CredentialKind) =>
  kind.thing.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
const section = (kind: CredentialKind) =>
  kind.service.toLowerCase().replace(/^the /, '').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

const indent = (text: string, by: string) => text.split('\n').map((line) => by + line).join('\n');

export const FORMATS: Readonly<Record<FormatName, (kind: CredentialKind, value: string) => string | null>> = {
  prose: (kind, value) =>
    kind.multiline
      ? `Note for later: this is the ${words(kind)}, keep it safe.\n${value}\nIt was rotated in March.`
      : `Note for later: the ${words(kind)} is ${value} (it was rotated in March).`,
  env: (kind, value) =>
    kind.multiline ? `${kind.env}="${value.replace(/\n/g, '\\n')}"` : `${kind.env}=${value}`,
  json: (kind, value) => JSON.stringify({ [section(kind)]: { [field(kind)]: value, region: 'eu-west-1' } }, null, 2),
  yaml: (kind, value) =>
    kind.multiline
      ? `${section(kind)}:\n  ${field(kind)}: |\n${indent(value, '    ')}\n  rotate: quarterly`
      : `${section(kind)}:\n  ${field(kind)}: ${value}\n  timeout: 30`,
  url: (kind, value) => {
    if (kind.multiline) return null;
    if (kind.isUrl) return `The ${words(kind)} for prod: ${value}`;
    return `curl "https://api.acme.io/v1/reports?${snake(kind)}=${encodeURIComponent(value)}&format=csv"`;
  },
  code: (kind, value) =>
    kind.multiline
      ? `const ${camel(kind)} = \`${value}\`;\nexport default ${camel(kind)};`
      : `const ${camel(kind)} = '${value}';\nconst client = connect({ retries: 3 });`,
  transcript: (kind, value) =>
    kind.multiline
      ? `[14:02] user: here is the ${words(kind)} you asked for:\n${value}\n[14:03] assistant: Thanks, got it.`
      : `[14:02] user: here is the ${words(kind)} you asked for: ${value}\n[14:03] assistant: Thanks, got it.`,
};

export const FORMAT_NAMES = Object.keys(FORMATS) as FormatName[];

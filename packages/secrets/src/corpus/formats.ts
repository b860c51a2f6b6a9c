// The ways people write one credential down: a sentence, a .env line, JSON, YAML, a URL, code, a
// chat transcript. Each way has several phrasings, one drawn per case by the seeded generator, so
// the corpus is not written to fit the detectors.
import type { CredentialKind } from './kinds';
import type { Random } from './random';

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

type Phrasing = (kind: CredentialKind, value: string) => string;

/** Single-line values; multi-line key material has its own phrasings below. */
const LINE: Readonly<Record<FormatName, readonly Phrasing[]>> = {
  prose: [
    (k, v) => `Note for later: the ${words(k)} is ${v} (it was rotated in March).`,
    (k, v) => `${k.service} ${k.thing}: ${v}`,
    (k, v) => `I set the ${words(k)} to ${v} yesterday, remind me to rotate it.`,
    (k, v) => `Remember that the ${k.thing} for ${k.service} is now ${v}.`,
  ],
  env: [
    (k, v) => `${k.env}=${v}`,
    (k, v) => `export ${k.env}="${v}"`,
    (k, v) => `# production\n${k.env}='${v}'\nLOG_LEVEL=info`,
  ],
  json: [
    (k, v) => JSON.stringify({ [section(k)]: { [field(k)]: v, region: 'eu-west-1' } }, null, 2),
    (k, v) => JSON.stringify({ [k.env]: v }),
    (k, v) => JSON.stringify({ env: { [camel(k)]: v }, retries: 3 }, null, 2),
  ],
  yaml: [
    (k, v) => `${section(k)}:\n  ${field(k)}: ${v}\n  timeout: 30`,
    (k, v) => `env:\n  - name: ${k.env}\n    value: "${v}"\n  - name: LOG_LEVEL\n    value: info`,
    (k, v) => `${snake(k)}: '${v}'`,
  ],
  url: [
    (k, v) => (k.isUrl ? `The ${words(k)} for prod: ${v}` : `curl "https://api.acme.io/v1/reports?${snake(k)}=${encodeURIComponent(v)}&format=csv"`),
    (k, v) => (k.isUrl ? `${k.env}=${v}` : `https://hooks.acme.io/ingest?${field(k)}=${encodeURIComponent(v)}`),
  ],
  code: [
    (k, v) => `const ${camel(k)} = '${v}';\nconst client = connect({ retries: 3 });`,
    (k, v) => `${snake(k)} = "${v}"  # TODO move to vault`,
    (k, v) => `client := New(Config{${camel(k).replace(/^./, (c) => c.toUpperCase())}: "${v}"})`,
  ],
  transcript: [
    (k, v) => `[14:02] user: here is the ${words(k)} you asked for: ${v}\n[14:03] assistant: Thanks, got it.`,
    (k, v) => `User: can you check why the ${k.service} call fails? ${k.env}=${v}\nAssistant: Let me look.`,
    (k, v) => `> the ${words(k)} is ${v}\nok, trying again with that`,
  ],
};

const BLOCK: Readonly<Record<FormatName, readonly Phrasing[]>> = {
  prose: [
    (k, v) => `Note for later: this is the ${words(k)}, keep it safe.\n${v}\nIt was rotated in March.`,
    (k, v) => `${k.service} ${k.thing}:\n\n${v}`,
  ],
  env: [(k, v) => `${k.env}="${v.replace(/\n/g, '\\n')}"`],
  json: [
    (k, v) => JSON.stringify({ [section(k)]: { [field(k)]: v, region: 'eu-west-1' } }, null, 2),
    (k, v) => JSON.stringify({ [k.env]: v }),
  ],
  yaml: [
    (k, v) => `${section(k)}:\n  ${field(k)}: |\n${indent(v, '    ')}\n  rotate: quarterly`,
  ],
  url: [],
  code: [
    (k, v) => `const ${camel(k)} = \`${v}\`;\nexport default ${camel(k)};`,
    (k, v) => `${snake(k)} = """\n${v}\n"""`,
  ],
  transcript: [
    (k, v) => `[14:02] user: here is the ${words(k)} you asked for:\n${v}\n[14:03] assistant: Thanks, got it.`,
    (k, v) => `User: ssh fails with this key, why?\n\`\`\`\n${v}\n\`\`\`\nAssistant: Let me look.`,
  ],
};

/** The text for one case, or null where the way does not apply (a key file has no URL form). */
export function write(format: FormatName, kind: CredentialKind, value: string, r: Random): string | null {
  const phrasings = (kind.multiline ? BLOCK : LINE)[format];
  if (phrasings.length === 0) return null;
  return r.pick(phrasings)(kind, value);
}

export const FORMAT_NAMES = Object.keys(LINE) as FormatName[];

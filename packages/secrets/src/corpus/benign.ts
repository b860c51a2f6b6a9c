// Texts the guard must let through: identifiers, hashes and encodings that look random, examples
// with placeholders, configuration without values, public keys, and prose about credentials.
import { INNOCENT_TEXTS } from '../__fixtures__/innocent';
import { B64, DIGITS, HEX, seeded, type Random } from './random';

export interface BenignCase {
  group: string;
  text: string;
}

const uuid = (r: Random) =>
  `${r.chars(8, HEX)}-${r.chars(4, HEX)}-4${r.chars(3, HEX)}-${r.pick(['8', '9', 'a', 'b'])}${r.chars(3, HEX)}-${r.chars(12, HEX)}`;

const SENTENCES = [
  'Deploys run from the main branch after review; the canary takes ten minutes.',
  'The user prefers short answers and wants tests beside the code.',
  'Standup moved to 09:30 CET; Alex is on call until Friday.',
  'Release 2.4 adds hybrid search and drops the old ranking flag.',
];

type Maker = (r: Random) => string;

/** Each maker is run several times with different seeds: the shapes vary, the meaning does not. */
const GENERATED: Readonly<Record<string, readonly Maker[]>> = {
  'commit hashes': [
    (r) => `Fixed in commit ${r.chars(40, HEX)}; see the PR for the discussion.`,
    (r) => `git checkout ${r.chars(40, HEX)} && pnpm test`,
    (r) => `Reverted ${r.chars(7, HEX)} and ${r.chars(12, HEX)} because the migration locked the table.`,
    (r) => `commit: ${r.chars(40, HEX)}\nauthor: Dana <dana@acme.io>`,
  ],
  UUIDs: [
    (r) => `Memory ${uuid(r)} supersedes ${uuid(r)}.`,
    (r) => `request_id: ${uuid(r)} failed with 503 after 30 s`,
    (r) => `{"id": "${uuid(r)}", "project_id": "${uuid(r)}", "status": "active"}`,
    (r) => `idempotency_key=${uuid(r)} was replayed twice`,
  ],
  checksums: [
    (r) => `sha256: ${r.chars(64, HEX)}  svc-linux-x64.tar.gz`,
    (r) => `"integrity": "sha512-${r.chars(86, B64)}=="`,
    (r) => `md5sum ${r.chars(32, HEX)} backup-2024-05-01.sql.gz`,
    (r) => `image: ghcr.io/acme/memory-service@sha256:${r.chars(64, HEX)}`,
    (r) => `checksum = "${r.chars(64, HEX)}"`,
  ],
  'base64 snippets': [
    (r) => `Base64 of the release note: ${Buffer.from(r.pick(SENTENCES)).toString('base64')}`,
    (r) => `<img src="data:image/png;base64,${r.chars(120, B64)}=">`,
    (r) => `The fixture payload is ${Buffer.from(JSON.stringify({ user: 'dana', n: r.int(99) })).toString('base64')} (base64 JSON).`,
    (r) => `ETag: "${r.chars(27, B64)}="`,
  ],
  'public keys and ids': [
    (r) => `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${r.chars(43, B64)} dana@laptop`,
    (r) => `-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE${r.chars(52, B64)}\n-----END PUBLIC KEY-----`,
    (r) => `aws_account_id = ${r.chars(12, DIGITS)} (account ids are not secret)`,
    (r) => `Stripe customer cus_${r.chars(14)} upgraded to the team plan.`,
    (r) => `client_id: ${r.chars(20, DIGITS)}.apps.example.internal`,
  ],
  'placeholder examples': [
    () => 'API_KEY=your-key-here',
    () => 'OPENAI_API_KEY=sk-...',
    () => 'password: <your password>',
    () => 'token: ${TOKEN}',
    () => 'GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    () => 'AWS_SECRET_ACCESS_KEY=<your secret access key>',
    () => 'Example: postgres://user:password@localhost:5432/db',
    () => '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----',
    () => 'curl -H "Authorization: Bearer <token>" https://api.acme.io/v1/me',
    () => 'STRIPE_SECRET_KEY=sk_live_****************',
    () => 'DB_PASSWORD=changeme',
    () => 'export SLACK_BOT_TOKEN=xoxb-your-token',
    () => 'Set TWILIO_AUTH_TOKEN to the value from the console.',
    () => 'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE',
  ],
  'config without values': [
    () => 'DATABASE_URL=\nREDIS_URL=\nSECRET_KEY=',
    () => 'password:\napi_key: ""\ntoken: null',
    () => '{"password": null, "apiKey": "", "token": "REPLACE_ME"}',
    () => 'SECRET_KEY=${SECRET_KEY}\nDB_PASSWORD=${{ secrets.DB_PASSWORD }}',
    () => 'password = var.db_password\napi_token = data.vault_generic_secret.api.data["token"]',
    () => 'auth:\n  provider: oidc\n  client_id: memory-service\n  client_secret_ref: vault://prod/oidc',
  ],
  // Found by scanning this repository's sources and the READMEs of its dependencies.
  'documentation and code': [
    () => "const WRONG_CREDENTIALS = 'The email or the password is wrong';",
    () => "'http-token': 'over HTTP with a bearer token',",
    () => 'secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,',
    () => '`postgres://<user>:<password>@<host>:<port>/<database>?<query>` - TCP connection',
    () => "const config = parse('postgres://someuser:somepassword@somehost:381/somedatabase')",
    () => 'const config = {\n  user: auth[0],\n  password: auth[1],\n  host: auth[2]\n}',
    (r) => `* **Dana** <dana@acme.io>\n  - Release GPG key: ${r.chars(40, HEX.toUpperCase())}`,
    // Found by the outside check after the generic names were widened (bench/secrets/outside-check.ts).
    () => 'PGDATABASE=my_db\nPGUSER=username\nPGPASSWORD="my awesome password"\nPGPORT=5432',
    () => 'const credentials = fromNodeProviderChain();',
    () => "const pbkey1 = pbkdf2(sha256, 'password', 'salt', { c: 524288, dkLen: 32 });",
    () => '// Raw passphrase → Uint8Array for use as secret bytes\nconst secretBytes = stringToBytes("my-raw-passphrase");',
    // Words that contain a key word without naming a credential (`bypass`, `compass`, `monkey`).
    () => 'bypass: CacheLayerForAdminRequests2\ncompass: NorthNorthEast2024\nmonkey: Curious-George-1941',
    () => 'Boarding pass: seat 14C, gate B22, boards 09:40',
    () => 'machine github.com login dana',
    // Names that continue past their key word with something other than the credential.
    (r) => `secret_name: prod-db-credentials\ntoken_count: 4096\nkey_version: 3\nkey_id: ${uuid(r)}`,
    () => 'For the netrc, write machine, login and password on one line each; the password comes from the vault.',
  ],
  'prose about credentials': [
    () => 'The password is stored in 1Password under "NAS admin"; ask Dana for access.',
    () => 'The root password for the NAS is in the team vault, not in this note.',
    () => 'The password must be at least 12 characters and is checked against breaches.',
    () => 'The password is argon2id-hashed before it is stored.',
    () => 'The API key is rotated every 90 days by the secrets job.',
    () => 'Our Twilio auth token is kept in AWS Secrets Manager under prod/twilio.',
    () => 'The wifi password is on the sticker under the router.',
    () => 'The SSH key for the bastion is ~/.ssh/id_ed25519; the public half is in the repo.',
    () => 'Secret scanning flagged a token in CI last week; it was a test fixture.',
    () => 'The cache key is derived from the project id and the query.',
    () => 'I reset the password to the default printed on the router label.',
    () => 'We rotated the signing key to a new KMS key last night.',
    () => 'Set the API key to the value from the dashboard, then restart the worker.',
    () => 'I changed the token to expire after 15 minutes instead of an hour.',
    () => 'env:\n  - name: LOG_LEVEL\n    value: debug\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db\n        key: password',
    () => 'cfg := Config{Password: os.Getenv("DB_PASSWORD"), Timeout: 30}',
    () => 'curl -u "$USER:$PASS" https://nas.local/api && mysql -u root -p shop',
  ],
};

/** Generated texts (each maker `repeat` times, seeded) and the hand-written innocent texts. */
export function benignCorpus(seed = 'svc-secrets-benign', repeat = 5): BenignCase[] {
  const cases: BenignCase[] = INNOCENT_TEXTS.map((text) => ({ group: 'innocent notes', text }));
  for (const [group, makers] of Object.entries(GENERATED)) {
    makers.forEach((make, index) => {
      const times = make.length === 0 ? 1 : repeat;
      for (let i = 0; i < times; i += 1) {
        cases.push({ group, text: make(seeded(`${seed}/${group}/${index}/${i}`)) });
      }
    });
  }
  return cases;
}

// The credential kinds of the guard's corpus: one entry per kind, with the shape of the real thing
// (prefix, alphabet, length, layout) and fake random content drawn from a seeded generator.
import { ALNUM, B64, B64URL, DIGITS, HEX, LOWER, UPPER, armour, type Random } from './random';

export interface CredentialKind {
  id: string;
  family: string;
  /** "Twilio", "the NAS": who the credential is for, as a note would say it. */
  service: string;
  /** "auth token": what it is, as a note would say it. */
  thing: string;
  /** The environment variable it usually lives in. */
  env: string;
  make(r: Random): string;
  /** The value is itself a URL or connection string (it is its own URL form). */
  isUrl?: boolean;
  /** Multi-line key material: written escaped in JSON and .env, as a block in YAML. */
  multiline?: boolean;
  /** The secret inside the value, where the value also holds harmless fields (a key file). */
  secretOf?: (value: string) => string;
}

const WORDS = ['maple', 'falcon', 'river', 'copper', 'tundra', 'violet', 'harbor', 'pepper', 'orbit', 'quartz'];
const SYMBOLS = '!#%&*+-?@^_~';

/** A password a person picks: words, digits and a symbol, or a generator's random string. */
function humanPassword(r: Random): string {
  if (r.int(2) === 0) return r.chars(16, `${ALNUM}!#%*+-?@^_`);
  const word = r.pick(WORDS);
  return `${word[0]?.toUpperCase()}${word.slice(1)}${r.pick(SYMBOLS.split(''))}${r.pick(WORDS)}${r.chars(2, DIGITS)}`;
}


/** A DER-ish body: base64 that starts the way the real encoding does. */
const keyBody = (r: Random, magic: string, length: number) => magic + r.chars(length - magic.length, B64);

function discordBotToken(r: Random): string {
  const userId = `1${r.chars(17, DIGITS)}`;
  return `${Buffer.from(userId).toString('base64').replace(/=+$/, '')}.${r.chars(6, B64URL)}.${r.chars(38, B64URL)}`;
}

function jwt(r: Random): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ sub: r.chars(12, DIGITS), name: 'Dana', iat: 1716239022 })).toString('base64url');
  return `${header}.${payload}.${r.chars(43, B64URL)}`;
}

function serviceAccountJson(r: Random): string {
  const key = armour('PRIVATE KEY', keyBody(r, 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 1600));
  return JSON.stringify({
    type: 'service_account',
    project_id: 'acme-prod',
    private_key_id: r.chars(40, HEX),
    private_key: `${key}\n`,
    client_email: 'deployer@acme-prod.iam.gserviceaccount.com',
    client_id: r.chars(21, DIGITS),
  }, null, 2);
}

function puttyKey(r: Random): string {
  const lines = (n: number) => Array.from({ length: n }, () => r.chars(64, B64)).join('\n');
  return [
    'PuTTY-User-Key-File-3: ssh-ed25519',
    'Encryption: none',
    'Comment: deploy@bastion',
    'Public-Lines: 2',
    lines(2),
    'Private-Lines: 1',
    lines(1),
    `Private-MAC: ${r.chars(64, HEX)}`,
  ].join('\n');
}

/** An SSH2 (RFC 4716) key as ssh.com and some Windows clients write it: dashes of four, a quoted
 *  comment header, the body wrapped at 70 and starting with the format's magic number. */
function ssh2EncryptedKey(r: Random): string {
  const lines = keyBody(r, 'P2/56wAAA', 900).match(/.{1,70}/g) ?? [];
  return ['---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----', 'Comment: "dana@workstation"', ...lines, '---- END SSH2 ENCRYPTED PRIVATE KEY ----'].join('\n');
}

/** The opening of an OpenSSH key encrypted with a passphrase: cipher aes256-ctr, kdf bcrypt. */
const OPENSSH_ENCRYPTED_MAGIC = (() => {
  const field = (text: string) => {
    const bytes = Buffer.from(text);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const head = Buffer.concat([Buffer.from('openssh-key-v1\0'), field('aes256-ctr'), field('bcrypt')]);
  // Whole base64 groups only, so the random body continues a valid encoding.
  return head.toString('base64').slice(0, Math.floor((head.length / 3)) * 4);
})();

/** A `.netrc` entry (curl, git and ftp read it): the password is the word after `password`. */
function netrcEntry(r: Random): string {
  const host = r.pick(['git.acme-corp.io', 'ftp.acme.io', 'nexus.internal']);
  const password = humanPassword(r);
  return r.int(2) === 0
    ? `machine ${host} login deploy password ${password}`
    : `machine ${host}\n  login deploy\n  password ${password}`;
}

const k = (
  family: string,
  id: string,
  service: string,
  thing: string,
  env: string,
  make: (r: Random) => string,
  extra: Partial<CredentialKind> = {},
): CredentialKind => ({ id, family, service, thing, env, make, ...extra });

const url = { isUrl: true } as const;
const key = { multiline: true } as const;

export const CREDENTIAL_KINDS: readonly CredentialKind[] = [
  // Cloud and infrastructure
  k('cloud', 'aws-access-key-id', 'AWS', 'access key ID', 'AWS_ACCESS_KEY_ID', (r) => `AKIA${r.chars(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`),
  k('cloud', 'aws-secret-access-key', 'AWS', 'secret access key', 'AWS_SECRET_ACCESS_KEY', (r) => r.chars(40, B64)),
  k('cloud', 'gcp-service-account', 'GCP', 'service account key', 'GOOGLE_APPLICATION_CREDENTIALS_JSON', serviceAccountJson, {
    ...key,
    secretOf: (value) => (JSON.parse(value) as { private_key: string }).private_key,
  }),
  k('cloud', 'google-api-key', 'Google Maps', 'API key', 'GOOGLE_MAPS_API_KEY', (r) => `AIza${r.chars(35, B64URL)}`),
  k('cloud', 'azure-storage-connection-string', 'Azure storage', 'connection string', 'AZURE_STORAGE_CONNECTION_STRING', (r) => `DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey=${r.chars(86, B64)}==;EndpointSuffix=core.windows.net`, url),
  k('cloud', 'azure-service-bus', 'Azure Service Bus', 'connection string', 'SERVICEBUS_CONNECTION', (r) => `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${r.chars(43, B64)}=`, url),
  k('cloud', 'azure-sas-url', 'Azure blob', 'SAS URL', 'AZURE_BLOB_SAS_URL', (r) => `https://acmeprod.blob.core.windows.net/backups?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2026-12-31T00:00:00Z&sig=${r.chars(43, B64)}%3D`, url),
  k('cloud', 'azure-ad-client-secret', 'Azure AD', 'client secret', 'AZURE_CLIENT_SECRET', (r) => `${r.chars(3, ALNUM)}${r.chars(1, DIGITS)}Q~${r.chars(34, `${ALNUM}_~.-`)}`),
  k('cloud', 'alibaba-access-key-id', 'Alibaba Cloud', 'access key ID', 'ALIBABA_CLOUD_ACCESS_KEY_ID', (r) => `LTAI${r.chars(20)}`),
  k('cloud', 'digitalocean-pat', 'DigitalOcean', 'personal access token', 'DIGITALOCEAN_TOKEN', (r) => `dop_v1_${r.chars(64, HEX)}`),
  k('cloud', 'heroku-api-key', 'Heroku', 'API key', 'HEROKU_API_KEY', (r) => `HRKU-AA${r.chars(58, B64URL)}`),
  k('cloud', 'cloudflare-api-token', 'Cloudflare', 'API token', 'CLOUDFLARE_API_TOKEN', (r) => r.chars(40, B64URL)),
  k('cloud', 'vault-token', 'Vault', 'token', 'VAULT_TOKEN', (r) => `hvs.${r.chars(91, B64URL)}`),
  k('cloud', 'terraform-cloud-token', 'Terraform Cloud', 'API token', 'TFE_TOKEN', (r) => `${r.chars(14)}.atlasv1.${r.chars(67, B64URL)}`),
  k('cloud', 'digitalocean-oauth', 'DigitalOcean', 'OAuth token', 'DIGITALOCEAN_ACCESS_TOKEN', (r) => `doo_v1_${r.chars(64, HEX)}`),
  k('cloud', 'doppler-token', 'Doppler', 'service token', 'DOPPLER_TOKEN', (r) => `dp.st.${r.chars(43)}`),
  // Source forges and CI
  k('forges', 'github-pat', 'GitHub', 'personal access token', 'GITHUB_TOKEN', (r) => `ghp_${r.chars(36)}`),
  k('forges', 'github-fine-grained-pat', 'GitHub', 'fine-grained token', 'GH_TOKEN', (r) => `github_pat_${r.chars(22)}_${r.chars(59)}`),
  k('forges', 'github-oauth', 'GitHub', 'OAuth token', 'GITHUB_OAUTH_TOKEN', (r) => `gho_${r.chars(36)}`),
  k('forges', 'gitlab-pat', 'GitLab', 'personal access token', 'GITLAB_TOKEN', (r) => `glpat-${r.chars(20, B64URL)}`),
  k('forges', 'gitlab-runner-token', 'GitLab runner', 'authentication token', 'RUNNER_TOKEN', (r) => `glrt-${r.chars(20, B64URL)}`),
  k('forges', 'gitlab-deploy-token', 'GitLab', 'deploy token', 'CI_DEPLOY_PASSWORD', (r) => `gldt-${r.chars(20, B64URL)}`),
  k('forges', 'azure-devops-pat', 'Azure DevOps', 'personal access token', 'AZURE_DEVOPS_EXT_PAT', (r) => r.chars(52, 'abcdefghijklmnopqrstuvwxyz234567')),
  k('forges', 'bitbucket-app-password', 'Bitbucket', 'app password', 'BITBUCKET_APP_PASSWORD', (r) => `ATBB${r.chars(32)}${r.chars(8, HEX.toUpperCase())}`),
  k('forges', 'atlassian-api-token', 'Jira', 'API token', 'JIRA_API_TOKEN', (r) => `ATATT3${r.chars(186, `${ALNUM}_=-`)}`),
  k('forges', 'circleci-token', 'CircleCI', 'personal API token', 'CIRCLECI_TOKEN', (r) => `CCIPAT_${r.chars(22)}_${r.chars(40, HEX)}`),
  // Chat, messaging and e-mail
  k('chat', 'slack-bot-token', 'Slack', 'bot token', 'SLACK_BOT_TOKEN', (r) => `xoxb-${r.chars(12, DIGITS)}-${r.chars(13, DIGITS)}-${r.chars(24)}`),
  k('chat', 'slack-webhook', 'Slack', 'webhook URL', 'SLACK_WEBHOOK_URL', (r) => `https://hooks.slack.com/services/T${r.chars(10, UPPER + DIGITS)}/B${r.chars(10, UPPER + DIGITS)}/${r.chars(24)}`, url),
  k('chat', 'slack-app-token', 'Slack', 'app-level token', 'SLACK_APP_TOKEN', (r) => `xapp-1-A${r.chars(10, UPPER + DIGITS)}-${r.chars(13, DIGITS)}-${r.chars(64, HEX)}`),
  k('chat', 'discord-bot-token', 'Discord', 'bot token', 'DISCORD_BOT_TOKEN', discordBotToken),
  k('chat', 'discord-webhook', 'Discord', 'webhook URL', 'DISCORD_WEBHOOK_URL', (r) => `https://discord.com/api/webhooks/1${r.chars(18, DIGITS)}/${r.chars(68, B64URL)}`, url),
  k('chat', 'telegram-bot-token', 'Telegram', 'bot token', 'TELEGRAM_BOT_TOKEN', (r) => `${r.chars(10, DIGITS)}:AA${r.chars(33, B64URL)}`),
  k('chat', 'teams-webhook', 'Microsoft Teams', 'incoming webhook', 'TEAMS_WEBHOOK_URL', (r) => {
    const guid = () => `${r.chars(8, HEX)}-${r.chars(4, HEX)}-${r.chars(4, HEX)}-${r.chars(4, HEX)}-${r.chars(12, HEX)}`;
    return `https://acme.webhook.office.com/webhookb2/${guid()}@${guid()}/IncomingWebhook/${r.chars(32, LOWER + DIGITS)}/${guid()}`;
  }, url),
  k('chat', 'twilio-api-key', 'Twilio', 'API key', 'TWILIO_API_KEY', (r) => `SK${r.chars(32, HEX)}`),
  k('chat', 'twilio-auth-token', 'Twilio', 'auth token', 'TWILIO_AUTH_TOKEN', (r) => r.chars(32, HEX)),
  k('chat', 'twilio-api-secret', 'Twilio', 'API secret', 'TWILIO_API_SECRET', (r) => r.chars(32)),
  k('chat', 'sendgrid-api-key', 'SendGrid', 'API key', 'SENDGRID_API_KEY', (r) => `SG.${r.chars(22, B64URL)}.${r.chars(43, B64URL)}`),
  k('chat', 'mailgun-api-key', 'Mailgun', 'API key', 'MAILGUN_API_KEY', (r) => `key-${r.chars(32, HEX)}`),
  k('chat', 'mailchimp-api-key', 'Mailchimp', 'API key', 'MAILCHIMP_API_KEY', (r) => `${r.chars(32, HEX)}-us${r.chars(2, '123456789')}`),
  k('chat', 'brevo-api-key', 'Brevo', 'API key', 'BREVO_API_KEY', (r) => `xkeysib-${r.chars(64, HEX)}-${r.chars(16)}`),
  // Payments and commerce
  k('payments', 'stripe-secret-key', 'Stripe', 'secret key', 'STRIPE_SECRET_KEY', (r) => `sk_live_${r.chars(99)}`),
  k('payments', 'stripe-restricted-key', 'Stripe', 'restricted key', 'STRIPE_RESTRICTED_KEY', (r) => `rk_live_${r.chars(99)}`),
  k('payments', 'stripe-webhook-secret', 'Stripe', 'webhook signing secret', 'STRIPE_WEBHOOK_SECRET', (r) => `whsec_${r.chars(32)}`),
  k('payments', 'square-access-token', 'Square', 'access token', 'SQUARE_ACCESS_TOKEN', (r) => `EAAA${r.chars(60, B64URL)}`),
  k('payments', 'braintree-access-token', 'Braintree', 'access token', 'BRAINTREE_ACCESS_TOKEN', (r) => `access_token$production$${r.chars(16, LOWER + DIGITS)}$${r.chars(32, HEX)}`),
  k('payments', 'shopify-access-token', 'Shopify', 'admin API access token', 'SHOPIFY_ACCESS_TOKEN', (r) => `shpat_${r.chars(32, HEX)}`),
  k('payments', 'plaid-secret', 'Plaid', 'secret', 'PLAID_SECRET', (r) => r.chars(30, LOWER + DIGITS)),
  // AI providers
  k('ai', 'openai-project-key', 'OpenAI', 'API key', 'OPENAI_API_KEY', (r) => `sk-proj-${r.chars(74, B64URL)}T3BlbkFJ${r.chars(74, B64URL)}`),
  k('ai', 'anthropic-api-key', 'Anthropic', 'API key', 'ANTHROPIC_API_KEY', (r) => `sk-ant-api03-${r.chars(93, B64URL)}AA`),
  k('ai', 'groq-api-key', 'Groq', 'API key', 'GROQ_API_KEY', (r) => `gsk_${r.chars(52)}`),
  k('ai', 'huggingface-token', 'Hugging Face', 'access token', 'HF_TOKEN', (r) => `hf_${r.chars(34, LOWER + UPPER)}`),
  k('ai', 'perplexity-api-key', 'Perplexity', 'API key', 'PERPLEXITY_API_KEY', (r) => `pplx-${r.chars(48)}`),
  k('ai', 'replicate-api-token', 'Replicate', 'API token', 'REPLICATE_API_TOKEN', (r) => `r8_${r.chars(37)}`),
  k('ai', 'cohere-api-key', 'Cohere', 'API key', 'COHERE_API_KEY', (r) => r.chars(40)),
  k('ai', 'mistral-api-key', 'Mistral', 'API key', 'MISTRAL_API_KEY', (r) => r.chars(32)),
  k('ai', 'xai-api-key', 'xAI', 'API key', 'XAI_API_KEY', (r) => `xai-${r.chars(80)}`),
  k('ai', 'openrouter-api-key', 'OpenRouter', 'API key', 'OPENROUTER_API_KEY', (r) => `sk-or-v1-${r.chars(64, HEX)}`),
  // Package registries
  k('registries', 'npm-token', 'npm', 'access token', 'NPM_TOKEN', (r) => `npm_${r.chars(36)}`),
  k('registries', 'pypi-token', 'PyPI', 'upload token', 'PYPI_TOKEN', (r) => `pypi-AgEIcHlwaS5vcmc${r.chars(120, B64URL)}`),
  k('registries', 'rubygems-api-key', 'RubyGems', 'API key', 'GEM_HOST_API_KEY', (r) => `rubygems_${r.chars(48, HEX)}`),
  k('registries', 'nuget-api-key', 'NuGet', 'API key', 'NUGET_API_KEY', (r) => `oy2${r.chars(43, LOWER + DIGITS)}`),
  k('registries', 'docker-hub-token', 'Docker Hub', 'access token', 'DOCKERHUB_TOKEN', (r) => `dckr_pat_${r.chars(27, B64URL)}`),
  k('registries', 'artifactory-api-key', 'Artifactory', 'API key', 'ARTIFACTORY_API_KEY', (r) => `AKCp${r.chars(69)}`),
  // Databases and connection strings
  k('databases', 'postgres-url', 'Postgres', 'connection URL', 'DATABASE_URL', (r) => `postgres://app:${humanPassword(r)}@db.internal:5432/prod`, url),
  k('databases', 'mysql-url', 'MySQL', 'connection URL', 'MYSQL_URL', (r) => `mysql://root:${humanPassword(r).replace(/[@#?/]/g, '')}@10.0.4.12:3306/shop`, url),
  k('databases', 'mongodb-srv', 'MongoDB Atlas', 'connection string', 'MONGODB_URI', (r) => `mongodb+srv://svc:${r.chars(20)}@cluster0.${r.chars(5, LOWER + DIGITS)}.mongodb.net/app`, url),
  k('databases', 'redis-url', 'Redis', 'URL', 'REDIS_URL', (r) => `rediss://default:${r.chars(32)}@cache.acme.io:6380`, url),
  k('databases', 'amqp-url', 'RabbitMQ', 'URL', 'AMQP_URL', (r) => `amqps://svc:${r.chars(24)}@mq.acme.io/vhost`, url),
  k('databases', 'mssql-connection-string', 'SQL Server', 'connection string', 'SQLSERVER_CONNECTION', (r) => `Server=tcp:db.acme.net,1433;Database=app;User ID=sa;Password=${humanPassword(r).replace(/;/g, '')};Encrypt=true;`, url),
  k('databases', 'jdbc-url', 'JDBC', 'URL', 'JDBC_URL', (r) => `jdbc:postgresql://db.acme.net:5432/app?user=app&password=${r.chars(18)}`, url),
  k('databases', 'planetscale-password', 'PlanetScale', 'password', 'PLANETSCALE_PASSWORD', (r) => `pscale_pw_${r.chars(43, B64URL)}`),
  k('databases', 'pgpassword', 'Postgres', 'password', 'PGPASSWORD', humanPassword),
  k('databases', 'netrc-password', 'the build host', 'netrc entry', 'NETRC', netrcEntry, {
    ...key,
    secretOf: (value) => value.slice(value.lastIndexOf(' ') + 1),
  }),
  k('databases', 'supabase-token', 'Supabase', 'access token', 'SUPABASE_ACCESS_TOKEN', (r) => `sbp_${r.chars(40, HEX)}`),
  // Key material
  k('keys', 'rsa-private-key', 'bastion', 'RSA private key', 'SSH_PRIVATE_KEY', (r) => armour('RSA PRIVATE KEY', keyBody(r, 'MIIEpAIBAAKCAQEA', 1588)), key),
  k('keys', 'openssh-private-key', 'NAS', 'SSH key', 'DEPLOY_KEY', (r) => armour('OPENSSH PRIVATE KEY', keyBody(r, 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW', 400), 70), key),
  k('keys', 'ec-private-key', 'signing service', 'EC private key', 'EC_PRIVATE_KEY', (r) => armour('EC PRIVATE KEY', keyBody(r, 'MHcCAQEEI', 160)), key),
  k('keys', 'encrypted-pem-key', 'VPN', 'encrypted private key', 'VPN_KEY', (r) => armour('RSA PRIVATE KEY', keyBody(r, 'MIIEpAIBAAKCAQEA', 1588), 64, `Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${r.chars(32, HEX.toUpperCase())}`), key),
  k('keys', 'pkcs8-encrypted-key', 'API gateway', 'PKCS#8 key', 'GATEWAY_KEY', (r) => armour('ENCRYPTED PRIVATE KEY', keyBody(r, 'MIIFHDBOBgkqhkiG9w0BBQ0wQTA', 1700)), key),
  k('keys', 'pgp-private-key', 'release signing', 'PGP private key', 'GPG_PRIVATE_KEY', (r) => armour('PGP PRIVATE KEY BLOCK', keyBody(r, 'lQdGBGR', 1200)), key),
  k('keys', 'putty-private-key', 'jump host', 'PuTTY key', 'PPK_FILE', puttyKey, key),
  k('keys', 'dsa-private-key', 'legacy router', 'DSA private key', 'ROUTER_DSA_KEY', (r) => armour('DSA PRIVATE KEY', keyBody(r, 'MIIBuwIBAAKBgQ', 640)), key),
  k('keys', 'ssh2-encrypted-private-key', 'file server', 'SSH2 key', 'SFTP_PRIVATE_KEY', ssh2EncryptedKey, key),
  k('keys', 'openssh-encrypted-private-key', 'backup host', 'encrypted SSH key', 'BACKUP_SSH_KEY', (r) => armour('OPENSSH PRIVATE KEY', keyBody(r, OPENSSH_ENCRYPTED_MAGIC, 1800), 70), key),
  k('keys', 'age-secret-key', 'backup', 'age key', 'AGE_SECRET_KEY', (r) => `AGE-SECRET-KEY-1${r.chars(58, 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L')}`),
  k('keys', 'jwt', 'staging API', 'session JWT', 'SESSION_JWT', jwt),
  k('keys', 'rails-secret-key-base', 'Rails', 'secret key base', 'SECRET_KEY_BASE', (r) => r.chars(128, HEX)),
  // Passwords and generic credentials
  k('passwords', 'basic-auth-url', 'the deploy remote', 'URL', 'DEPLOY_REMOTE', (r) => `https://deploy:${r.chars(18)}@git.acme-corp.io/infra.git`, url),
  k('passwords', 'db-password', 'the database', 'password', 'DB_PASSWORD', humanPassword),
  k('passwords', 'nas-root-password', 'the NAS', 'root password', 'NAS_ROOT_PASSWORD', humanPassword),
  k('passwords', 'wifi-password', 'the office wifi', 'password', 'WIFI_PASSWORD', humanPassword),
  k('passwords', 'ldap-bind-pass', 'LDAP', 'bind password', 'LDAP_BIND_PASS', humanPassword),
  k('passwords', 'ftp-pw', 'the FTP server', 'password', 'FTP_PW', (r) => r.chars(16, `${ALNUM}!#%*+-?@^_`)),
  k('passwords', 'staging-db-password', 'the staging database', 'password', 'DB_PASSWORD_STAGING', humanPassword),
  k('passwords', 'master-key', 'the app', 'master key', 'MASTERKEY', (r) => r.chars(32, B64URL)),
  k('passwords', 'smtp-password', 'SMTP', 'password', 'SMTP_PASSWORD', (r) => r.chars(20, `${ALNUM}!#%*`)),
  k('passwords', 'bearer-token', 'the internal API', 'bearer token', 'API_BEARER_TOKEN', (r) => r.chars(40, B64URL)),
  k('passwords', 'client-secret', 'the OAuth app', 'client secret', 'OAUTH_CLIENT_SECRET', (r) => r.chars(40, `${ALNUM}_-~.`)),
  // Developer and observability SaaS
  k('saas', 'sentry-token', 'Sentry', 'auth token', 'SENTRY_AUTH_TOKEN', (r) => `sntryu_${r.chars(64, HEX)}`),
  k('saas', 'datadog-api-key', 'Datadog', 'API key', 'DATADOG_API_KEY', (r) => r.chars(32, HEX)),
  k('saas', 'new-relic-key', 'New Relic', 'user key', 'NEW_RELIC_API_KEY', (r) => `NRAK-${r.chars(27, UPPER + DIGITS)}`),
  k('saas', 'grafana-service-account', 'Grafana', 'service account token', 'GRAFANA_TOKEN', (r) => `glsa_${r.chars(32)}_${r.chars(8, HEX)}`),
  k('saas', 'linear-api-key', 'Linear', 'API key', 'LINEAR_API_KEY', (r) => `lin_api_${r.chars(40)}`),
  k('saas', 'notion-token', 'Notion', 'integration token', 'NOTION_TOKEN', (r) => `ntn_${r.chars(11, DIGITS)}${r.chars(35)}`),
  k('saas', 'postman-api-key', 'Postman', 'API key', 'POSTMAN_API_KEY', (r) => `PMAK-${r.chars(24, HEX)}-${r.chars(34, HEX)}`),
  k('saas', 'airtable-token', 'Airtable', 'personal access token', 'AIRTABLE_TOKEN', (r) => `pat${r.chars(14)}.${r.chars(64, HEX)}`),
  k('saas', 'sentry-dsn', 'Sentry', 'DSN', 'SENTRY_DSN', (r) => `https://${r.chars(32, HEX)}:${r.chars(32, HEX)}@o${r.chars(6, DIGITS)}.ingest.sentry.io/${r.chars(7, DIGITS)}`, url),
  k('saas', 'facebook-page-token', 'Facebook', 'page access token', 'FB_PAGE_ACCESS_TOKEN', (r) => `EAAC${r.chars(150)}`),
  k('saas', 'dropbox-token', 'Dropbox', 'access token', 'DROPBOX_ACCESS_TOKEN', (r) => `sl.${r.chars(140, B64URL)}`),
  k('saas', 'mapbox-secret-token', 'Mapbox', 'secret token', 'MAPBOX_SECRET_TOKEN', (r) => `sk.eyJ1Ijoi${r.chars(60, B64URL)}.${r.chars(22, B64URL)}`),
];


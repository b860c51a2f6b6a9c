// Credentials of every class secretlint's recommended preset detects, as users would paste them.
import {
  ALNUM,
  B64URL,
  DIGITS,
  HEX,
  LOWER,
  UPPER,
  credential,
  fake,
  pem,
  type CredentialCase,
} from './fake';

const serviceAccount = (privateKey: string) =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'acme-prod',
    private_key_id: fake('gcp-id', 40, HEX),
    private_key: `${privateKey}\n`,
    client_email: 'deployer@acme-prod.iam.gserviceaccount.com',
  });

/** Classes secretlint's recommended preset detects. */
export const PRESET_CASES: CredentialCase[] = [
  credential(
    'AWS secret access key',
    'aws',
    'api_key',
    fake('aws-secret', 40, `${ALNUM}/+`),
    (s) => `AWS_SECRET_ACCESS_KEY=${s}`,
  ),
  credential('AWS access key id', 'aws', 'api_key', `AKIA${fake('aws-id', 16, UPPER + DIGITS)}`),
  // The gcp rule reads only `.json` files; the private-key rule catches the key inside instead.
  credential(
    'GCP service account JSON',
    'privatekey',
    'private_key',
    pem('PRIVATE KEY', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'),
    serviceAccount,
  ),
  credential('npm token', 'npm', 'access_token', `npm_${fake('npm', 36)}`),
  credential(
    'Slack bot token',
    'slack',
    'access_token',
    `xoxb-${fake('s1', 12, DIGITS)}-${fake('s2', 13, DIGITS)}-${fake('s3', 24)}`,
  ),
  credential(
    'Slack webhook',
    'slack',
    'webhook_url',
    `https://hooks.slack.com/services/T${fake('w1', 8, UPPER)}/B${fake('w2', 8, UPPER)}/${fake('w3', 24)}`,
  ),
  credential(
    'basic-auth URL',
    'basicauth',
    'password',
    `https://deploy:${fake('basic', 14)}@git.acme-corp.io/infra.git`,
  ),
  credential(
    'OpenAI project key',
    'openai',
    'api_key',
    `sk-proj-${fake('oa1', 74, B64URL)}T3BlbkFJ${fake('oa2', 74, B64URL)}`,
  ),
  credential(
    'OpenAI legacy key',
    'openai',
    'api_key',
    `sk-${fake('oa3', 20)}T3BlbkFJ${fake('oa4', 20)}`,
  ),
  credential(
    'Anthropic API key',
    'anthropic',
    'api_key',
    `sk-ant-api03-${fake('ant', 93, B64URL)}AA`,
  ),
  credential('Groq key', 'groq', 'api_key', `gsk_${fake('groq', 52)}`),
  credential(
    'Hugging Face token',
    'huggingface',
    'access_token',
    `hf_${fake('hf', 34, LOWER + UPPER)}`,
  ),
  credential(
    'RSA private key',
    'privatekey',
    'private_key',
    pem('RSA PRIVATE KEY', 'MIIEpAIBAAKCAQEA'),
    (s) => `Key for the bastion:\n${s}\n`,
  ),
  credential(
    'OpenSSH private key',
    'privatekey',
    'private_key',
    pem('OPENSSH PRIVATE KEY', 'b3BlbnNzaC1rZXktdjEAAAAA'),
    (s) => s,
  ),
  credential('Stripe live key', 'stripe', 'api_key', `sk_live_${fake('stripe', 24)}`),
  credential('GitHub classic token', 'github', 'access_token', `ghp_${fake('ghp', 36)}`),
  credential(
    'GitHub fine-grained token',
    'github',
    'access_token',
    `github_pat_${fake('ghf', 82)}`,
  ),
  credential('GitLab token', 'gitlab', 'access_token', `glpat-${fake('glpat', 20)}`),
  credential(
    'Postgres URL with password',
    'database-connection-string',
    'connection_string',
    `postgres://app:${fake('pg', 14)}@db.internal:5432/prod`,
  ),
  credential('Vault token', 'hashicorp-vault', 'access_token', `hvs.${fake('vault', 95, B64URL)}`),
];

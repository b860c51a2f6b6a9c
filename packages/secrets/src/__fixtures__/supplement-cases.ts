// Credentials of the classes our supplementary rule adds to the preset.
import { ALNUM, B64URL, HEX, base64url, credential, fake, type CredentialCase } from './fake';

const jwt = [
  base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
  base64url(JSON.stringify({ sub: '1234567890', name: 'Jane', iat: 1716239022 })),
  fake('jwt-sig', 43, B64URL),
].join('.');

/** Classes our supplementary rule adds. */
export const SUPPLEMENT_CASES: CredentialCase[] = [
  credential(
    'Anthropic OAuth token',
    'supplement',
    'api_key',
    `sk-ant-oat01-${fake('oat', 80, B64URL)}`,
  ),
  credential(
    'Anthropic admin key',
    'supplement',
    'api_key',
    `sk-ant-admin01-${fake('adm', 80, B64URL)}`,
  ),
  credential(
    'OpenAI key without marker',
    'supplement',
    'api_key',
    `sk-proj-${fake('oa5', 48, B64URL)}`,
  ),
  credential('Google API key', 'supplement', 'api_key', `AIza${fake('gapi', 35, B64URL)}`),
  credential(
    'JWT',
    'supplement',
    'access_token',
    jwt,
    (s) => `curl -H "X-Session: ${s}" https://api.acme.io`,
  ),
  credential(
    'quoted password',
    'supplement',
    'password',
    'Zq8#vN3xLp!',
    (s) => `db.connect({ password: "${s}" })`,
  ),
  credential('env password', 'supplement', 'password', 'k9Vx2mQp7Rt', (s) => `DB_PASSWORD=${s}`),
  credential(
    'client secret',
    'supplement',
    'password',
    fake('cs', 32, HEX),
    (s) => `client_secret: ${s}`,
  ),
  credential(
    'env token',
    'supplement',
    'password',
    fake('tok', 32, HEX),
    (s) => `export MY_SERVICE_TOKEN=${s}`,
  ),
  credential(
    'bearer header',
    'supplement',
    'access_token',
    fake('bearer', 40, ALNUM),
    (s) => `curl -H 'Authorization: Bearer ${s}' https://api.acme.io/v1/me`,
  ),
  credential(
    'redis URL',
    'supplement',
    'password',
    'p4ss!W0rd#2024',
    (s) => `REDIS_URL=redis://default:${s}@cache.acme.io:6379`,
  ),
];

// Edges of the supplementary detectors: exact spans, word boundaries, and near misses.
import { describe, expect, it } from 'vitest';
import { fake } from './__fixtures__/fake';
import { detectSupplementary } from './supplementary-patterns';

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function spans(text: string): Array<[string, string]> {
  return detectSupplementary(text).map(({ messageId, range }) => [messageId, text.slice(...range)]);
}

describe('detectSupplementary', () => {
  it('reports the value, not the key, of an assignment', () => {
    expect(spans('PASSWORD="Zq8#vN3xLp!"')).toEqual([['CREDENTIAL_ASSIGNMENT', 'Zq8#vN3xLp!']]);
    expect(spans("api_key: 'k9Vx2mQp7Rt'")).toEqual([['CREDENTIAL_ASSIGNMENT', 'k9Vx2mQp7Rt']]);
    expect(spans('"clientSecret" => k9Vx2mQp7Rt;')).toEqual([
      ['CREDENTIAL_ASSIGNMENT', 'k9Vx2mQp7Rt'],
    ]);
  });

  it('reports the password of a URL, not the user', () => {
    expect(spans('amqps://svc:p4ss!W0rd#24@mq.acme.io/vhost')).toEqual([
      ['CREDENTIAL_URL', 'p4ss!W0rd#24'],
    ]);
    expect(spans('postgres://app:s@iCmLKlxZ^0*cbl@db.internal:5432/prod')).toEqual([
      ['CREDENTIAL_URL', 's@iCmLKlxZ^0*cbl'],
    ]);
  });

  it('needs a separator: prose that merely names a secret is left alone', () => {
    expect(spans('the password Zq8#vN3xLp! was rotated')).toEqual([]);
    expect(spans('api key k9Vx2mQp7Rt')).toEqual([]);
  });

  it('does not treat a longer name as a credential name', () => {
    expect(spans('password_hash=Zq8#vN3xLp!')).toEqual([]);
    expect(spans('secretName: Zq8#vN3xLp!')).toEqual([]);
    expect(spans('max_tokens=k9Vx2mQp7Rt')).toEqual([]);
  });

  it('accepts environment names ending in _TOKEN only in upper case', () => {
    const value = fake('env', 32, '0123456789abcdef');
    expect(spans(`HF_TOKEN=${value}`)).toEqual([['CREDENTIAL_ASSIGNMENT', value]]);
    expect(spans(`next_token=${value}`)).toEqual([]);
  });

  it('needs the full provider shape', () => {
    expect(spans(`AIza${fake('g', 34, B64URL)}`)).toEqual([]);
    expect(spans(`sk-proj-${fake('p', 39, B64URL)}`)).toEqual([]);
    expect(spans(`sk-ant-oat01-${fake('o', 31, B64URL)}`)).toEqual([]);
    expect(spans(`eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9`)).toEqual([]);
  });

  it('does not match inside a longer token', () => {
    expect(spans(`xsk-ant-oat01-${fake('o', 60, B64URL)}`)).toEqual([]);
    expect(spans(`AIza${fake('g', 40, B64URL)}`)).toEqual([]);
  });

  it('reads Authorization headers of every scheme, but not variables', () => {
    const value = fake('auth', 32);
    for (const scheme of ['Bearer', 'Basic', 'token']) {
      expect(spans(`Authorization: ${scheme} ${value}`)).toEqual([['AUTHORIZATION_HEADER', value]]);
    }
    expect(spans('Authorization: Bearer $GITHUB_TOKEN_VALUE')).toEqual([]);
  });

  it('reads a key word that ends a longer name without a separator, as gitleaks does', () => {
    const value = fake('glued', 22);
    for (const name of ['PGPASSWORD', 'DBPASSWORD', 'ROOTPASSWORD', 'MYTOKEN', 'APPSECRET', 'masterkey']) {
      expect(spans(`${name}=${value}`), name).toEqual([[expect.any(String), value]]);
    }
    expect(spans(`export PGPASSWORD='${value}'`)).toEqual([['CREDENTIAL_ASSIGNMENT', value]]);
  });

  it('reads a name that goes on past its key word only with a word for the value itself', () => {
    const value = fake('suffix', 22);
    for (const text of [`DB_PASSWORD_PROD=${value}`, `API_TOKEN_VALUE=${value}`, `secret_b64: ${value}`, `dbPasswordProd = "${value}"`, `api_key_2=${value}`]) {
      expect(spans(text), text).toEqual([[expect.any(String), value]]);
    }
    for (const text of [`token_count: ${value}`, `secret_name: ${value}`, `key_id: ${value}`, `password_hash=${value}`]) {
      expect(spans(text), text).toEqual([]);
    }
  });

  it('reads pass and pw as a whole name or after a separator, never inside a word', () => {
    const value = fake('pass', 22);
    for (const text of [`SMTP_PASS=${value}`, `DB_PW=${value}`, `pass: ${value}`, `user=bob pass=${value}`, `redis_pass: "${value}"`]) {
      expect(spans(text), text).toEqual([['CREDENTIAL_ASSIGNMENT', value]]);
    }
    expect(spans(`bypass=${value}`)).toEqual([]);
    expect(spans(`compass: ${value}`)).toEqual([]);
    expect(spans(`compat=${value}`)).toEqual([]);
  });

  it('reads a Kubernetes env pair whose name ends in _PW or _PAT', () => {
    const value = fake('pair', 40, 'abcdefghijklmnopqrstuvwxyz234567');
    for (const name of ['FTP_PW', 'AZURE_DEVOPS_EXT_PAT']) {
      expect(spans(`env:\n  - name: ${name}\n    value: "${value}"`), name).toEqual([['CREDENTIAL_ASSIGNMENT', value]]);
    }
  });

  it('reads a generator\'s password of letters in random case stated in prose, but not a word', () => {
    expect(spans('here is the NAS root password you asked for: qhDZMsdFWeuHBeSY')).toEqual([['PROSE_PASSWORD', 'qhDZMsdFWeuHBeSY']]);
    expect(spans('the password is JavaScript-only')).toEqual([]);
    expect(spans('// Raw passphrase → Uint8Array for use as secret bytes')).toEqual([]);
  });

  it('reads the password of a netrc entry', () => {
    const value = fake('netrc', 20);
    expect(spans(`machine git.acme.io login deploy password ${value}`)).toEqual([['CREDENTIAL_ASSIGNMENT', value]]);
    expect(spans(`machine ftp.acme.io\n  login dana\n  password ${value}`)).toEqual([['CREDENTIAL_ASSIGNMENT', value]]);
    expect(spans(`default login anonymous password ${value}`)).toEqual([['CREDENTIAL_ASSIGNMENT', value]]);
    expect(spans(JSON.stringify({ NETRC: `machine h.acme.io\n  login u\n  password ${value}` }))).toEqual([['CREDENTIAL_ASSIGNMENT', value]]);
    expect(spans('machine git.acme.io login deploy password changeme')).toEqual([]);
  });
});

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
});

import { describe, expect, it } from 'vitest';
import { providerPath } from './mount';

describe('providerPath', () => {
  it('passes the provider routes and the resume address, nothing else', () => {
    expect(providerPath('/oauth/token', '')).toBe('/oauth/token');
    expect(providerPath('/oauth/authorize/abc', '')).toBe('/oauth/authorize/abc');
    expect(providerPath('/oauth/authorizations/abc', '')).toBeUndefined();
    expect(providerPath('/mcp', '')).toBeUndefined();
  });

  it('serves RFC 8414 metadata at the path-inserted address when PUBLIC_URL has a path', () => {
    expect(providerPath('/.well-known/oauth-authorization-server/svc', '/svc')).toBe(
      '/.well-known/oauth-authorization-server',
    );
    expect(providerPath('/.well-known/openid-configuration/svc', '/svc')).toBe(
      '/.well-known/openid-configuration',
    );
    expect(providerPath('/.well-known/oauth-authorization-server/other', '/svc')).toBeUndefined();
    expect(providerPath('/.well-known/oauth-authorization-server', '/svc')).toBe(
      '/.well-known/oauth-authorization-server',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { COOKIES_MAX_BYTES, REQUEST_HEADERS_MAX_BYTES, SERVER_TIMEOUT_MS } from '@svc/contract';
import { KEEP_ALIVE_TIMEOUT_MS } from '../http/server';
import { renderEdgeConfig, type EdgeConfigInput } from './render-edge-config';

const input: EdgeConfigInput = {
  listen: '8080',
  servers: ['server-1:8080', 'server-2:8080'],
  dashboard: 'dashboard:3000',
  trustedClientIpHeader: 'X-Real-IP',
  sharedSecret: 'a'.repeat(40),
  sessionCookiePrefix: 'svc-session',
};

const seconds = (text: string, directive: string) =>
  [...text.matchAll(new RegExp(`^\\s*${directive} (\\d+)s;`, 'gm'))].map((m) => Number(m[1]));

describe('the rendered edge config', () => {
  const conf = renderEdgeConfig(input);

  it('fills every placeholder and lists every server instance', () => {
    expect(conf).not.toMatch(/\$\{[A-Z_]+\}/);
    expect(conf).toContain('server server-1:8080;');
    expect(conf).toContain('server server-2:8080;');
    expect(conf).toContain('proxy_set_header X-Real-IP $remote_addr;');
    expect(conf).toContain('proxy_set_header X-Forwarded-For "";');
  });

  it('holds the contract limits: 8 KB of cookies, 10 KB of headers, 60 s, idle upstreams under the server keep-alive', () => {
    expect(conf).toContain(`"~^.{${COOKIES_MAX_BYTES + 1}}" 1;`);
    expect(conf).toContain(`"limit_bytes":${REQUEST_HEADERS_MAX_BYTES}`);
    for (const d of [
      'proxy_read_timeout',
      'proxy_send_timeout',
      'client_header_timeout',
      'client_body_timeout',
      'send_timeout',
    ]) {
      expect(seconds(conf, d), d).toEqual([SERVER_TIMEOUT_MS / 1000]);
    }
    const upstreamIdle = seconds(conf, 'keepalive_timeout');
    expect(upstreamIdle.length).toBe(3);
    for (const s of upstreamIdle) expect(s * 1000).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });

  it('writes a cookie prefix into its patterns as a literal', () => {
    const odd = renderEdgeConfig({ ...input, sessionCookiePrefix: 'a.b+c' });
    expect(odd).toContain('(?<svc_c1>a\\.b\\+c[^=;\\s]*)=');
  });

  it('refuses input that would break or inject into the config', () => {
    expect(() => renderEdgeConfig({ ...input, sharedSecret: 'x"; return 200;' })).toThrow(
      /EDGE_SHARED_SECRET/,
    );
    expect(() => renderEdgeConfig({ ...input, servers: [] })).toThrow(/--server/);
    expect(() => renderEdgeConfig({ ...input, dashboard: 'dashboard' })).toThrow(/host:port/);
    expect(() => renderEdgeConfig({ ...input, listen: '80; include /etc/passwd' })).toThrow(
      /--listen/,
    );
  });
});

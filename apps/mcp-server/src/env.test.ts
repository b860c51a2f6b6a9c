import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, parseEnv } from './env';
import { settingsFromEnv } from './settings';

describe('operations settings in the environment', () => {
  it('have documented defaults: metrics on, 600 calls a minute plus a burst of 120', () => {
    expect(settingsFromEnv(parseEnv({}))).toEqual({
      metricsEnabled: true,
      sessionCookiePrefix: 'svc-session',
      rateLimit: { toolCallsPerMinute: 600, burst: 120 },
      auth: {
        dashboardUrl: 'http://127.0.0.1:3000',
        externalOidc: null,
        accessTokenTtlSeconds: 3600,
        refreshTokenTtlDays: 30,
        dashboardSessionTtlHours: 168,
        ratePerMinute: 60,
        dashboardPerMinute: 600,
        signupOpen: false,
      },
      mcpAccess: { extraOrigins: [], loopbackBound: true },
      edge: { trustedClientIpHeader: null, sharedSecret: null },
    });
  });

  it('take an external OpenID Connect provider only with issuer, client id and secret together', () => {
    const full = { OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'svc', OIDC_CLIENT_SECRET: 's3' };
    expect(settingsFromEnv(parseEnv(full)).auth.externalOidc).toEqual({
      issuer: 'https://idp.example',
      clientId: 'svc',
      clientSecret: 's3',
      name: 'single sign-on',
    });
    expect(() => parseEnv({ OIDC_ISSUER: 'https://idp.example' })).toThrow(/OIDC_/);
  });

  it('turn /metrics off with METRICS_ENABLED=false or 0, and leave it on when the variable is empty', () => {
    expect(parseEnv({ METRICS_ENABLED: 'false' }).METRICS_ENABLED).toBe(false);
    expect(parseEnv({ METRICS_ENABLED: '0' }).METRICS_ENABLED).toBe(false);
    expect(parseEnv({ METRICS_ENABLED: '' }).METRICS_ENABLED).toBe(true);
  });

  it('read the rate limit thresholds as integers and refuse nonsense at start-up', () => {
    const env = parseEnv({ RATE_LIMIT_TOOL_CALLS_PER_MINUTE: '30', RATE_LIMIT_TOOL_CALLS_BURST: '0' });
    expect(settingsFromEnv(env).rateLimit).toEqual({ toolCallsPerMinute: 30, burst: 0 });
    expect(() => parseEnv({ RATE_LIMIT_TOOL_CALLS_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_TOOL_CALLS_PER_MINUTE/);
    expect(() => parseEnv({ RATE_LIMIT_TOOL_CALLS_BURST: 'lots' })).toThrow(/RATE_LIMIT_TOOL_CALLS_BURST/);
  });

  it('accept only a commit id or dev as the build stamp, since /healthz prints it', () => {
    expect(parseEnv({ SVC_BUILD_COMMIT: '0123456789ab' }).SVC_BUILD_COMMIT).toBe('0123456789ab');
    expect(parseEnv({ SVC_BUILD_COMMIT: 'dev' }).SVC_BUILD_COMMIT).toBe('dev');
    expect(() => parseEnv({ SVC_BUILD_COMMIT: '<b>hi</b>' })).toThrow(/SVC_BUILD_COMMIT/);
  });

  it('refuse a session cookie prefix that is not a cookie name', () => {
    expect(() => parseEnv({ SESSION_COOKIE_PREFIX: 'a b;' })).toThrow(/SESSION_COOKIE_PREFIX/);
  });

  it('leave the language model off without LLM_BASE_URL, and need LLM_MODEL with it', () => {
    expect(parseEnv({}).LLM_BASE_URL).toBeUndefined();
    expect(() => parseEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/LLM_MODEL/);
    expect(() => parseEnv({ LLM_BASE_URL: 'not a url', LLM_MODEL: 'm' })).toThrow(/LLM_BASE_URL/);
    const env = parseEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5:7b', TRANSLATION_INTERVAL_HOURS: '6' });
    expect([env.LLM_MODEL, env.LLM_TIMEOUT_SECONDS, env.TRANSLATION_INTERVAL_HOURS]).toEqual(['qwen2.5:7b', 60, 6]);
  });
});

describe('the README configuration table', () => {
  it('documents every variable env.ts reads', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]));
    expect(ENV_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });
});

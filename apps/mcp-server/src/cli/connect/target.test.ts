// What `svc connect` builds from the configuration: the MCP URL, the stdio command and the environment it carries.
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isServiceError } from '@svc/errors';
import { parseEnv } from '../../env';
import { API_KEY_PLACEHOLDER, buildTarget, LAUNCHER, mcpUrl } from './target';

const host = { execPath: '/opt/node/bin/node', cwd: '/srv/checkout' };
const TOKEN = `svc_${'a'.repeat(43)}`;

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return isServiceError(err) ? err.code : `not a service error: ${String(err)}`;
  }
  return undefined;
}

describe('mcpUrl', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/mcp'],
    ['https://memory.example.com/', 'https://memory.example.com/mcp'],
    ['https://example.com/memory', 'https://example.com/memory/mcp'],
    ['https://example.com/memory/mcp/', 'https://example.com/memory/mcp'],
  ])('%s → %s', (base, expected) => expect(mcpUrl(base)).toBe(expected));
});

describe('buildTarget', () => {
  it('names the MCP endpoint of PUBLIC_URL, or of --url', () => {
    expect(buildTarget(parseEnv({ PORT: '9000' }), { name: 'memory' }, host).url).toBe('http://127.0.0.1:9000/mcp');
    expect(buildTarget(parseEnv({ PUBLIC_URL: 'https://m.example.com' }), { name: 'memory' }, host).url).toBe('https://m.example.com/mcp');
    expect(buildTarget(parseEnv({}), { name: 'memory', url: 'https://other.example.com' }, host).url).toBe('https://other.example.com/mcp');
  });

  it('starts stdio with the absolute node and launcher, and an absolute DATA_DIR resolved where the command ran', () => {
    const { stdio } = buildTarget(parseEnv({ DATA_DIR: './.data' }), { name: 'memory' }, host);
    expect(stdio.command).toBe('/opt/node/bin/node');
    expect(stdio.args).toEqual([LAUNCHER, 'stdio']);
    expect(isAbsolute(LAUNCHER)).toBe(true);
    expect(LAUNCHER.endsWith('/apps/mcp-server/bin/svc.mjs')).toBe(true);
    expect(stdio.env).toEqual({ DATA_DIR: '/srv/checkout/.data' });
  });

  it('keeps an absolute DATA_DIR, and carries DATABASE_URL instead when it is set', () => {
    expect(buildTarget(parseEnv({ DATA_DIR: '/var/lib/svc' }), { name: 'm' }, host).stdio.env).toEqual({ DATA_DIR: '/var/lib/svc' });
    const url = 'postgres://svc:pw@db.internal:5432/svc';
    expect(buildTarget(parseEnv({ DATABASE_URL: url }), { name: 'm' }, host).stdio.env).toEqual({ DATABASE_URL: url });
  });

  it('carries SVC_TOKEN only when --token is given', () => {
    expect(buildTarget(parseEnv({}), { name: 'm' }, host).stdio.env).not.toHaveProperty('SVC_TOKEN');
    expect(buildTarget(parseEnv({}), { name: 'm', token: TOKEN }, host).stdio.env.SVC_TOKEN).toBe(TOKEN);
  });

  it("carries the server's embeddings settings, with the API key left for the person to fill in", () => {
    const none = buildTarget(parseEnv({ EMBEDDINGS_PROVIDER: 'none' }), { name: 'm' }, host);
    expect(none.stdio.env.EMBEDDINGS_PROVIDER).toBe('none');
    const openai = buildTarget(
      parseEnv({ EMBEDDINGS_PROVIDER: 'openai', EMBEDDINGS_URL: 'https://e.example.com/v1', EMBEDDINGS_API_KEY: 'sk-secret', EMBEDDINGS_MODEL: 'small', EMBEDDINGS_DIMENSIONS: '256' }),
      { name: 'm' },
      host,
    );
    expect(openai.stdio.env).toMatchObject({
      EMBEDDINGS_PROVIDER: 'openai',
      EMBEDDINGS_URL: 'https://e.example.com/v1',
      EMBEDDINGS_API_KEY: API_KEY_PLACEHOLDER,
      EMBEDDINGS_MODEL: 'small',
      EMBEDDINGS_DIMENSIONS: '256',
    });
    expect(JSON.stringify(openai)).not.toContain('sk-secret');
    const onnx = buildTarget(parseEnv({ EMBEDDINGS_PROVIDER: 'onnx', EMBEDDINGS_MODEL_DIR: 'models/minilm' }), { name: 'm' }, host);
    expect(onnx.stdio.env.EMBEDDINGS_MODEL_DIR).toBe('/srv/checkout/models/minilm');
    // The default model needs nothing carried.
    expect(Object.keys(buildTarget(parseEnv({}), { name: 'm' }, host).stdio.env)).toEqual(['DATA_DIR']);
  });

  it.each([
    [{ name: 'has space' }],
    [{ name: '' }],
    [{ name: 'm', url: 'ftp://example.com' }],
    [{ name: 'm', url: 'not a url' }],
    [{ name: 'm', token: 'svc_short' }],
    [{ name: 'm', token: 'Bearer whatever' }],
  ])('refuses %j as validation_failed', (options) => {
    expect(codeOf(() => buildTarget(parseEnv({}), options, host))).toBe('validation_failed');
  });
});

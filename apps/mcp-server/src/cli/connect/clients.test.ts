// Every client's snippets: valid JSON in each client's own shape, shell lines a shell splits as meant, no placeholder left once a token is given.
import { execFileSync } from 'node:child_process';
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isServiceError } from '@svc/errors';
import { parseEnv } from '../../env';
import { CLIENT_IDS, CLIENTS, findClient } from './clients';
import { buildTarget, LAUNCHER, TOKEN_PLACEHOLDER, type ConnectTarget } from './target';

const TOKEN = `svc_${'b'.repeat(43)}`;
// A directory with a space and a quote, so quoting is exercised, not assumed.
const host = { execPath: '/opt/my node/bin/node', cwd: "/home/o'neil/memory service" };
const target = (opts: { token?: string; url?: string } = {}): ConnectTarget => buildTarget(parseEnv({}), { name: 'memory', ...opts }, host);

/** The entry for `memory` in a client's JSON: VS Code keeps servers under `servers`, the others under `mcpServers`. */
function entry(client: string, text: string): Record<string, unknown> {
  const parsed = JSON.parse(text) as Record<string, Record<string, Record<string, unknown>>>;
  const servers = client === 'vscode' ? parsed.servers : parsed.mcpServers;
  expect(servers, `${client}: ${text}`).toBeDefined();
  return servers!.memory!;
}

/** How sh splits a printed command line into words. */
function shellWords(line: string): string[] {
  const out = execFileSync('/bin/sh', ['-c', `set -- ${line.replace(/^claude /, '')}; printf '%s\\0' "$@"`]).toString();
  return out.split('\0').slice(0, -1);
}

describe.each(CLIENT_IDS)('%s', (client) => {
  const format = findClient(client);

  it('gives the three set-ups: OAuth URL, bearer token, stdio', () => {
    expect(format.snippets(target()).map((s) => s.kind)).toEqual(['http-oauth', 'http-token', 'stdio']);
  });

  it('prints valid JSON wherever it prints JSON, with the absolute stdio command', () => {
    for (const s of format.snippets(target())) {
      if (s.format !== 'json') continue;
      const server = entry(client, s.text);
      if (s.kind !== 'stdio') continue;
      expect(server.command).toBe(host.execPath);
      expect(server.args).toEqual([LAUNCHER, 'stdio']);
      expect(isAbsolute((server.env as Record<string, string>).DATA_DIR!)).toBe(true);
      expect(server.env).toEqual({ DATA_DIR: "/home/o'neil/memory service/.data" });
      if (client === 'vscode') expect(server.type).toBe('stdio');
    }
  });

  it('fills in a given token everywhere and leaves no placeholder', () => {
    const snippets = format.snippets(target({ token: TOKEN }));
    const text = snippets.map((s) => s.text).join('\n');
    expect(text).not.toContain(TOKEN_PLACEHOLDER);
    expect(snippets.find((s) => s.kind === 'http-token')!.text).toContain(`Bearer ${TOKEN}`);
    expect(snippets.find((s) => s.kind === 'stdio')!.text).toContain(`SVC_TOKEN`);
    expect(snippets.find((s) => s.kind === 'http-oauth')!.text).not.toContain(TOKEN);
  });
});

describe('Claude Code', () => {
  it('prints command lines that a shell splits into the intended words', () => {
    const [oauth, bearer, stdio] = CLIENTS['claude-code'].snippets(target({ token: TOKEN }));
    expect(shellWords(oauth!.text)).toEqual(['mcp', 'add', '--transport', 'http', 'memory', 'http://127.0.0.1:8080/mcp']);
    expect(shellWords(bearer!.text)).toEqual(['mcp', 'add', '--transport', 'http', 'memory', 'http://127.0.0.1:8080/mcp', '--header', `Authorization: Bearer ${TOKEN}`]);
    expect(shellWords(stdio!.text)).toEqual([
      'mcp', 'add', 'memory',
      '-e', "DATA_DIR=/home/o'neil/memory service/.data",
      '-e', `SVC_TOKEN=${TOKEN}`,
      '--', '/opt/my node/bin/node', LAUNCHER, 'stdio',
    ]);
  });
});

describe('Claude Desktop', () => {
  it('bridges a URL on this machine through mcp-remote, and offers a public one as a custom connector', () => {
    const local = CLIENTS['claude-desktop'].snippets(target())[0]!;
    expect(entry('claude-desktop', local.text)).toEqual({ command: 'npx', args: ['-y', 'mcp-remote', 'http://127.0.0.1:8080/mcp'] });
    const remote = CLIENTS['claude-desktop'].snippets(target({ url: 'https://memory.example.com' }))[0]!;
    expect(remote.format).toBe('steps');
    expect(remote.text).toContain('Remote MCP server URL: https://memory.example.com/mcp');
  });

  it('passes the bearer header through an environment variable, and allows plain http beyond loopback only when it must', () => {
    const bearer = entry('claude-desktop', CLIENTS['claude-desktop'].snippets(target({ token: TOKEN, url: 'http://10.0.0.5:8080' }))[1]!.text);
    expect(bearer).toEqual({
      command: 'npx',
      args: ['-y', 'mcp-remote', 'http://10.0.0.5:8080/mcp', '--allow-http', '--header', 'Authorization:${AUTH_HEADER}'],
      env: { AUTH_HEADER: `Bearer ${TOKEN}` },
    });
  });
});

describe('VS Code', () => {
  it('asks for the token through a prompted input when none is given', () => {
    const parsed = JSON.parse(CLIENTS.vscode.snippets(target())[1]!.text) as {
      inputs: { id: string; password: boolean }[];
      servers: { memory: { type: string; headers: { Authorization: string } } };
    };
    expect(parsed.servers.memory.type).toBe('http');
    expect(parsed.inputs[0]).toMatchObject({ id: 'memory-token', password: true });
    expect(parsed.servers.memory.headers.Authorization).toBe('Bearer ${input:memory-token}');
  });
});

describe('findClient', () => {
  it('refuses an unknown client as validation_failed, naming the known ones', () => {
    let caught: unknown;
    try {
      findClient('emacs');
    } catch (err) {
      caught = err;
    }
    expect(isServiceError(caught) && caught.code).toBe('validation_failed');
    expect(String((caught as Error).message)).toContain(CLIENT_IDS.join(', '));
    expect(isServiceError(caught) && caught.details).toEqual({ known: CLIENT_IDS });
    expect(() => findClient('constructor')).toThrow(/Unknown client/);
  });
});

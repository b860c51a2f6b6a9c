// Set-ups for Claude Code (its `claude mcp add` command) and Claude Desktop (its connectors and config file).
import { shellLine } from './shell';
import { bearer, json, OAUTH_NOTE, stdioNotes, TITLES, tokenNotes, type ClientFormat, type Snippet } from './snippet';
import type { ConnectTarget } from './target';

const DESKTOP_CONFIG =
  'In claude_desktop_config.json (Settings → Developer → Edit Config; on macOS ~/Library/Application Support/Claude/, on Windows %APPDATA%\\Claude\\), merged into its "mcpServers"; then restart Claude Desktop.';

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\./.test(host);
}

export const claudeCode: ClientFormat = {
  label: 'Claude Code',
  snippets: (t) => {
    const env = Object.entries(t.stdio.env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    return [
      {
        kind: 'http-oauth', transport: 'http', title: TITLES['http-oauth'], format: 'shell',
        text: shellLine(['claude', 'mcp', 'add', '--transport', 'http', t.name, t.url]),
        notes: [OAUTH_NOTE, 'In Claude Code, run /mcp and choose the server to sign in.'],
      },
      {
        kind: 'http-token', transport: 'http', title: TITLES['http-token'], format: 'shell',
        text: shellLine(['claude', 'mcp', 'add', '--transport', 'http', t.name, t.url, '--header', `Authorization: ${bearer(t)}`]),
        notes: tokenNotes(t, 'claude-code'),
      },
      {
        kind: 'stdio', transport: 'stdio', title: TITLES.stdio, format: 'shell',
        // The name comes before `-e`: `-e` takes several values and would swallow a name after it.
        text: shellLine(['claude', 'mcp', 'add', t.name, ...env, '--', t.stdio.command, ...t.stdio.args]),
        notes: [...stdioNotes(t, 'claude-code'), `Add \`--scope user\` after ${t.name} to have it in every project.`],
      },
    ];
  },
};

/** mcp-remote runs on this machine and bridges stdio to the URL; it refuses plain http beyond loopback unless told. */
function mcpRemote(t: ConnectTarget, extra: string[]): string[] {
  const allowHttp = new URL(t.url).protocol === 'http:' && !isLoopback(t.url) ? ['--allow-http'] : [];
  return ['-y', 'mcp-remote', t.url, ...allowHttp, ...extra];
}

const NPX_NOTE = 'Needs npx on the PATH Claude Desktop starts with; otherwise write its absolute path (`command -v npx`) as "command".';

function desktopOAuth(t: ConnectTarget): Snippet {
  const base = { kind: 'http-oauth', transport: 'http', title: TITLES['http-oauth'] } as const;
  if (!isLoopback(t.url)) {
    return {
      ...base, format: 'steps',
      text: `Settings → Connectors → Add custom connector\nName: ${t.name}\nRemote MCP server URL: ${t.url}`,
      notes: [OAUTH_NOTE, 'Custom connectors are reached from Anthropic\'s cloud, so the URL must be reachable from the internet.'],
    };
  }
  return {
    ...base, format: 'json',
    text: json({ mcpServers: { [t.name]: { command: 'npx', args: mcpRemote(t, []) } } }),
    notes: [
      'A URL on this machine cannot be a custom connector (those are reached from Anthropic\'s cloud): mcp-remote bridges it and opens the browser to sign in.',
      DESKTOP_CONFIG, NPX_NOTE,
    ],
  };
}

export const claudeDesktop: ClientFormat = {
  label: 'Claude Desktop',
  snippets: (t) => [
    desktopOAuth(t),
    {
      kind: 'http-token', transport: 'http', title: TITLES['http-token'], format: 'json',
      // The header travels through an environment variable: a space inside an argument breaks on Windows.
      text: json({
        mcpServers: {
          [t.name]: { command: 'npx', args: mcpRemote(t, ['--header', 'Authorization:${AUTH_HEADER}']), env: { AUTH_HEADER: bearer(t) } },
        },
      }),
      notes: [...tokenNotes(t, 'claude-desktop'), DESKTOP_CONFIG, NPX_NOTE],
    },
    {
      kind: 'stdio', transport: 'stdio', title: TITLES.stdio, format: 'json',
      text: json({ mcpServers: { [t.name]: { command: t.stdio.command, args: t.stdio.args, env: t.stdio.env } } }),
      notes: [DESKTOP_CONFIG, ...stdioNotes(t, 'claude-desktop')],
    },
  ],
};

// Set-ups for Cursor (`mcpServers` in mcp.json) and VS Code (`servers` in mcp.json, with typed entries and prompted inputs).
import { bearer, json, OAUTH_NOTE, stdioNotes, TITLES, tokenNotes, type ClientFormat } from './snippet';
import type { ConnectTarget } from './target';

const CURSOR_FILE = 'In ~/.cursor/mcp.json (every project) or .cursor/mcp.json (this project), merged into its "mcpServers".';
const VSCODE_FILE =
  'In .vscode/mcp.json (this workspace) or your user mcp.json (command "MCP: Open User Configuration"), merged into its "servers".';

export const cursor: ClientFormat = {
  label: 'Cursor',
  snippets: (t) => [
    {
      kind: 'http-oauth', transport: 'http', title: TITLES['http-oauth'], format: 'json',
      text: json({ mcpServers: { [t.name]: { url: t.url } } }),
      notes: [CURSOR_FILE, OAUTH_NOTE, 'Cursor shows "Needs login" under Settings → MCP until you sign in.'],
    },
    {
      kind: 'http-token', transport: 'http', title: TITLES['http-token'], format: 'json',
      text: json({ mcpServers: { [t.name]: { url: t.url, headers: { Authorization: bearer(t) } } } }),
      notes: [CURSOR_FILE, ...tokenNotes(t, 'cursor')],
    },
    {
      kind: 'stdio', transport: 'stdio', title: TITLES.stdio, format: 'json',
      text: json({ mcpServers: { [t.name]: { command: t.stdio.command, args: t.stdio.args, env: t.stdio.env } } }),
      notes: [CURSOR_FILE, ...stdioNotes(t, 'cursor')],
    },
  ],
};

/** Without a token given, VS Code asks for it once and keeps it in its secret storage, not in the file. */
function vscodeToken(t: ConnectTarget): { header: string; inputs?: unknown[] } {
  if (t.token) return { header: bearer(t) };
  const id = `${t.name}-token`;
  return {
    header: `Bearer \${input:${id}}`,
    inputs: [{ type: 'promptString', id, description: 'Token from `svc token create`', password: true }],
  };
}

export const vscode: ClientFormat = {
  label: 'VS Code',
  snippets: (t) => {
    const prompt = vscodeToken(t);
    return [
      {
        kind: 'http-oauth', transport: 'http', title: TITLES['http-oauth'], format: 'json',
        text: json({ servers: { [t.name]: { type: 'http', url: t.url } } }),
        notes: [VSCODE_FILE, OAUTH_NOTE],
      },
      {
        kind: 'http-token', transport: 'http', title: TITLES['http-token'], format: 'json',
        text: json({
          ...(prompt.inputs ? { inputs: prompt.inputs } : {}),
          servers: { [t.name]: { type: 'http', url: t.url, headers: { Authorization: prompt.header } } },
        }),
        notes: [
          VSCODE_FILE,
          t.token
            ? 'The token is written into the file: keep a workspace .vscode/mcp.json that holds it out of version control.'
            : 'VS Code asks for the token (from `pnpm svc token create --user EMAIL`) when the server first starts.',
        ],
      },
      {
        kind: 'stdio', transport: 'stdio', title: TITLES.stdio, format: 'json',
        text: json({ servers: { [t.name]: { type: 'stdio', command: t.stdio.command, args: t.stdio.args, env: t.stdio.env } } }),
        notes: [VSCODE_FILE, ...stdioNotes(t, 'vscode')],
      },
    ];
  },
};

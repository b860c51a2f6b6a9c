// The set-up for any other MCP client: the common `mcpServers` JSON, plus the facts a client's own form asks for.
import { bearer, json, OAUTH_NOTE, stdioNotes, TITLES, tokenNotes, type ClientFormat } from './snippet';

export const generic: ClientFormat = {
  label: 'Any MCP client',
  snippets: (t) => [
    {
      kind: 'http-oauth', transport: 'http', title: TITLES['http-oauth'], format: 'json',
      text: json({ mcpServers: { [t.name]: { type: 'http', url: t.url } } }),
      notes: [
        `Streamable HTTP at ${t.url}.`,
        OAUTH_NOTE,
        'A call without a token is answered 401 with WWW-Authenticate naming the protected-resource metadata (RFC 9728), which names the authorization server (RFC 8414 metadata, dynamic client registration, PKCE S256).',
      ],
    },
    {
      kind: 'http-token', transport: 'http', title: TITLES['http-token'], format: 'json',
      text: json({ mcpServers: { [t.name]: { type: 'http', url: t.url, headers: { Authorization: bearer(t) } } } }),
      notes: tokenNotes(t, 'generic'),
    },
    {
      kind: 'stdio', transport: 'stdio', title: TITLES.stdio, format: 'json',
      text: json({ mcpServers: { [t.name]: { type: 'stdio', command: t.stdio.command, args: t.stdio.args, env: t.stdio.env } } }),
      notes: stdioNotes(t, 'generic'),
    },
  ],
};

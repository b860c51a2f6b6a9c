// The shape of one thing to paste into a client, and the wording every client's snippets share.
import { API_KEY_PLACEHOLDER, TOKEN_PLACEHOLDER, type ConnectTarget } from './target';

export type Transport = 'http' | 'stdio';

export interface Snippet {
  /** `http-oauth`: the URL alone; `http-token`: the URL with a bearer token header; `stdio`: a command. */
  kind: 'http-oauth' | 'http-token' | 'stdio';
  transport: Transport;
  title: string;
  /** `shell` and `json` are pasted as they are; `steps` are followed in the client's own screens. */
  format: 'shell' | 'json' | 'steps';
  text: string;
  notes: string[];
}

export interface ClientFormat {
  label: string;
  snippets(target: ConnectTarget): Snippet[];
}

export const TITLES = {
  'http-oauth': 'over HTTP, signing in with OAuth',
  'http-token': 'over HTTP with a bearer token',
  stdio: 'over stdio (the client starts the server itself)',
} as const;

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

export function bearer(target: ConnectTarget): string {
  return `Bearer ${target.token ?? TOKEN_PLACEHOLDER}`;
}

export const OAUTH_NOTE =
  'The client finds the authorization server from the URL alone, registers itself and opens the dashboard, where you sign in and allow it.';

/** How to get a token, when none was given to fill in. */
export function tokenNotes(target: ConnectTarget, client: string): string[] {
  if (target.token) return [];
  return [
    `Put a token in place of ${TOKEN_PLACEHOLDER}: \`pnpm svc token create --user EMAIL\` prints one; \`pnpm svc connect ${client} --token svc_…\` fills it in.`,
  ];
}

/** What a stdio set-up depends on, so nobody is surprised when a moved checkout or node breaks it. */
export function stdioNotes(target: ConnectTarget, client: string): string[] {
  const notes = [
    `Runs this checkout's CLI with this node (${target.stdio.command}); run \`svc connect\` again after moving either.`,
  ];
  notes.push(
    target.token
      ? 'The session acts as the user of SVC_TOKEN.'
      : `Without SVC_TOKEN the session acts as the instance's only user; with several users, \`pnpm svc connect ${client} --token svc_…\` adds one.`,
  );
  if (Object.values(target.stdio.env).includes(API_KEY_PLACEHOLDER)) {
    notes.push(`Put the embeddings API key in place of ${API_KEY_PLACEHOLDER}.`);
  }
  return notes;
}

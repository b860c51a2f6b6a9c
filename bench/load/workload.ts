// Sessions calling the tools: one alone (the single-session figures), then many at once for a fixed time.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { callTool } from '../shared/svc-client';
import type { SyntheticText } from '../latency/synthetic';
import type { LoadUser } from './store';

/** What the load mixes; `card` creates a card, `board` reads the project board. */
export const LOAD_TOOLS = ['remember', 'recall', 'build_context', 'card', 'board'] as const;
export type LoadTool = (typeof LOAD_TOOLS)[number];

/**
 * The mix of issue 17: 30% remember, 50% recall, 10% build_context, 10% card, where the card tenth
 * is split between creating a card and reading the board (both must stay fast).
 */
export const MIX: readonly (readonly [LoadTool, number])[] = [
  ['remember', 0.3],
  ['recall', 0.5],
  ['build_context', 0.1],
  ['card', 0.05],
  ['board', 0.05],
];

export interface Session {
  user: LoadUser;
  client: Client;
}

export async function openSession(url: string, user: LoadUser, name: string): Promise<Session> {
  const client = new Client({ name, version: '0.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${user.token}` } },
    }),
  );
  return { user, client };
}

export async function call(session: Session, tool: LoadTool, text: SyntheticText): Promise<void> {
  const scope = `project:${session.user.projectId}`;
  switch (tool) {
    case 'remember':
      await callTool(session.client, 'remember', { content: text.sentence(), scope, on_duplicate: 'store_anyway' });
      return;
    case 'recall':
      await callTool(session.client, 'recall', { query: text.sentence(4, 8), k: 10, scope });
      return;
    case 'build_context':
      await callTool(session.client, 'build_context', { task: text.sentence(6, 12), scope });
      return;
    case 'card':
      await callTool(session.client, 'card', { action: 'create', title: text.sentence(3, 6).slice(0, 100), type: 'task', no_links: 'load bench', scope });
      return;
    case 'board':
      await callTool(session.client, 'board', { action: 'get', scope });
      return;
  }
}

export function pick(random: () => number): LoadTool {
  let x = random();
  for (const [tool, share] of MIX) {
    if (x < share) return tool;
    x -= share;
  }
  return 'recall';
}

export interface Sample {
  tool: LoadTool;
  ms: number;
  ok: boolean;
  /** When the call started, in ms since its round started (under load only). */
  at?: number;
}

/** Every session calls back to back until `seconds` have passed; a call under way then is still counted. */
export async function runLoad(
  sessions: readonly Session[],
  seconds: number,
  text: SyntheticText,
  random: () => number,
): Promise<{ samples: Sample[]; wallSeconds: number; errors: string[] }> {
  const samples: Sample[] = [];
  const errors: string[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    sessions.map(async (session) => {
      while (performance.now() < until) {
        const tool = pick(random);
        const t = performance.now();
        let ok = true;
        try {
          await call(session, tool, text);
        } catch (err) {
          ok = false;
          if (errors.length < 5) errors.push(`${tool}: ${err instanceof Error ? err.message : String(err)}`);
        }
        samples.push({ tool, ms: performance.now() - t, ok, at: t - started });
      }
    }),
  );
  return { samples, wallSeconds: (performance.now() - started) / 1000, errors };
}

/** One session alone: `calls` of each tool in turn. */
export async function runSingle(session: Session, calls: number, text: SyntheticText): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < calls; i++) {
    for (const tool of LOAD_TOOLS) {
      const t = performance.now();
      await call(session, tool, text);
      samples.push({ tool, ms: performance.now() - t, ok: true });
    }
  }
  return samples;
}

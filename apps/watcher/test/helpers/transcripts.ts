// Writes Claude Code sessions in the shape Claude Code itself writes, with a unique marker in every turn.
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface Session {
  path: string;
  sessionId: string;
}

export function claudeLine(sessionId: string, i: number, text: string, cwd: string): string {
  const type = i % 2 === 0 ? 'user' : 'assistant';
  const content = type === 'user' ? text : [{ type: 'text', text }];
  const time = new Date(Date.UTC(2026, 10, 20, 9, 0, i)).toISOString();
  return `${JSON.stringify({ parentUuid: null, cwd, sessionId, gitBranch: 'main', type, message: { role: type, content }, uuid: `u${i}`, timestamp: time })}\n`;
}

/** `turn-<n>:` opens every turn, so a test can count each one in what the server stored. */
export const marker = (n: number) => `turn-${String(n).padStart(4, '0')}:`;

export function turnText(n: number, length: number): string {
  const head = `${marker(n)} `;
  return (
    head +
    'we agreed the billing deploy waits for the canary. '
      .repeat(Math.ceil(length / 51))
      .slice(0, length - head.length)
  );
}

export async function newSession(
  home: string,
  project: string,
  sessionId: string,
): Promise<Session> {
  const dir = join(home, '.claude', 'projects', project);
  await mkdir(dir, { recursive: true });
  return { path: join(dir, `${sessionId}.jsonl`), sessionId };
}

export async function appendTurns(
  session: Session,
  from: number,
  count: number,
  length: number,
  cwd = '/home/ada/src/billing',
): Promise<void> {
  let lines = '';
  for (let n = from; n < from + count; n++)
    lines += claudeLine(session.sessionId, n, turnText(n, length), cwd);
  await appendFile(session.path, lines);
}

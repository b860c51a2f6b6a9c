// The source formats become readable turns: speaker, time and text, tool calls in a line, tool output left out.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readLines } from '../src/sources/read-lines';
import { sessionKeyOf } from '../src/sources/session-key';
import { projectHintOf } from '../src/sources/project-hint';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const END = Number.MAX_SAFE_INTEGER;

describe('Claude Code sessions', () => {
  it('keeps what was said, summarises tool calls and leaves tool output and thinking out', async () => {
    const read = await readLines(fixture('claude-code-session.jsonl'), 'claude-code', 0, END);
    expect(read.turns.map(({ speaker, time, text }) => ({ speaker, time, text }))).toEqual([
      { speaker: 'user', time: '2026-11-20T09:15:02.114Z', text: 'When do we deploy billing?' },
      {
        speaker: 'assistant',
        time: '2026-11-20T09:15:05.870Z',
        text: 'Let me check the deploy script.\n[tool Bash] {"command":"cat scripts/deploy.sh","description":"Show deploy script"}',
      },
      {
        speaker: 'assistant',
        time: '2026-11-20T09:15:09.441Z',
        text: 'Billing deploys on Tuesdays after the canary passes.',
      },
    ]);
    expect(JSON.stringify(read.turns)).not.toContain('MUST NOT BE SENT');
    expect(JSON.stringify(read.turns)).not.toContain('Look at the deploy script');
    expect(read.meta).toEqual({
      sessionId: '6f1c2b9e-5a44-4c1e-9d1b-2f3a4b5c6d7e',
      cwd: '/home/ada/src/billing',
    });
    expect(sessionKeyOf('claude-code', fixture('claude-code-session.jsonl'), read.meta)).toBe(
      'claude-code:6f1c2b9e-5a44-4c1e-9d1b-2f3a4b5c6d7e',
    );
    // No repository at that path on this machine: the directory itself is the hint.
    expect(await projectHintOf(read.meta)).toBe('/home/ada/src/billing');
  });
});

describe('Codex rollouts', () => {
  it('reads the session meta, skips injected context and reasoning, summarises function calls', async () => {
    const read = await readLines(fixture('codex-rollout.jsonl'), 'codex', 0, END);
    expect(read.turns.map((t) => `${t.speaker}: ${t.text}`)).toEqual([
      'user: Why is the index rebuild slow?',
      'assistant: [tool shell] {"command":["rg","rebuild","src"],"workdir":"/home/bob/src/search"}',
      'assistant: The rebuild re-embeds every document; batching by 64 would cut it.',
    ]);
    expect(JSON.stringify(read.turns)).not.toContain('MUST NOT BE SENT');
    expect(await projectHintOf(read.meta)).toBe('git@github.com:acme/search.git');
    expect(sessionKeyOf('codex', fixture('codex-rollout.jsonl'), read.meta)).toBe(
      'codex:0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    );
  });
});

describe('plain transcripts', () => {
  it('reads prose line by line and records the byte where each complete line ends', async () => {
    const read = await readLines(fixture('notes.md'), 'plain', 0, END);
    expect(read.turns.map((t) => t.text)).toEqual([
      '# Pairing notes',
      '',
      'We agreed to keep the search index in one region.',
    ]);
    expect(read.turns.at(-1)?.end).toBe(read.end);
  });

  it('waits for the newline of a partial last line', async () => {
    const read = await readLines(fixture('codex-rollout.jsonl'), 'codex', 0, 100);
    expect(read.turns).toEqual([]);
    expect(read.end).toBe(0);
  });
});

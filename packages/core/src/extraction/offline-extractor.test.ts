// The offline extractor on real transcript shapes: Claude Code and Codex sessions, Markdown logs, `Speaker: text`, the watcher's form.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { offlineExtractor } from './offline-extractor';
import type { ExtractedMemory } from './types';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/transcripts/${name}`, import.meta.url), 'utf8');
const receivedAt = new Date('2026-05-01T12:00:00Z');
const extract = (text: string) => offlineExtractor.extract({ text, receivedAt });
const byContent = (found: ExtractedMemory[], part: string) => found.find((m) => m.content.includes(part));

describe('offline extractor', () => {
  it('reads a Claude Code session: decisions, preferences, loops; thinking, tool calls and tool output dropped', async () => {
    const found = await extract(fixture('claude-code.jsonl'));
    expect(byContent(found, 'feature flag')).toMatchObject({ kind: 'decision', loop: false, speaker: 'User', saidAt: new Date('2026-03-02T09:14:03.512Z') });
    expect(byContent(found, 'small pull requests')).toMatchObject({ kind: 'preference' });
    const todo = byContent(found, 'TODO: add a flag');
    expect(todo).toMatchObject({ loop: true, speaker: 'Assistant' });
    expect(todo?.eventAt?.toISOString().slice(0, 10)).toBe('2026-03-20');
    expect(byContent(found, 'Remind me to tell the payments team')).toMatchObject({ loop: true });
    const all = found.map((m) => m.content).join('\n');
    for (const noise of ['featureFlag', 'process.env', 'The user wants a flag', "I'll look at how"]) expect(all).not.toContain(noise);
  });

  it('reads a Codex rollout: injected context, reasoning and tool output dropped, no double from event lines', async () => {
    const found = await extract(fixture('codex.jsonl'));
    const contents = found.map((m) => m.content);
    expect(contents.filter((c) => c.includes('Node 22'))).toEqual(['User: The API service runs on Node 22 in production.']);
    expect(byContent(found, 'migrate the cron jobs')).toMatchObject({ loop: true });
    expect(byContent(found, 'two cron jobs')).toMatchObject({ speaker: 'Assistant', loop: false });
    expect(contents.join('\n')).not.toMatch(/environment_context|nightly-report\.ts|exit_code|I'll start/);
  });

  it('reads a Markdown chat log: speakers, the dated session, code blocks left out', async () => {
    const found = await extract(fixture('chat.md'));
    expect(byContent(found, 'Hamburg')).toMatchObject({ speaker: 'Ada', kind: 'event' });
    expect(byContent(found, 'Hamburg')?.eventAt?.getMonth()).toBe(5);
    expect(byContent(found, 'standing desks')).toMatchObject({ kind: 'preference' });
    expect(byContent(found, 'meeting-free')).toMatchObject({ kind: 'decision' });
    const plan = byContent(found, 'floor plan');
    expect(plan).toMatchObject({ speaker: 'Bob', loop: true });
    expect(plan?.eventAt?.toISOString().slice(0, 10)).toBe('2026-04-20');
    expect(found.map((m) => m.content).join('\n')).not.toMatch(/deployed 14|Bob: Ok/);
  });

  it("reads `Speaker: text` lines and the watcher's rendered turns, with their times", async () => {
    const found = await extract(
      [
        'Date: 1:56 pm on 8 May, 2023',
        'Caroline: I went to a LGBTQ support group yesterday. It was so powerful!',
        'Melanie: Wow, what happened?',
        '',
        'user (2026-03-01T10:00:00.000Z):',
        'Our staging database listens on port 5433.',
        '[tool Bash] {"command":"psql -p 5433"}',
        '[continued in the next chunk]',
      ].join('\n'),
    );
    expect(byContent(found, 'support group')).toMatchObject({ speaker: 'Caroline', kind: 'event', turn: 0 });
    expect(byContent(found, 'support group')?.eventAt?.toISOString().slice(0, 10)).toBe('2023-05-07');
    expect(byContent(found, 'port 5433')).toMatchObject({ speaker: 'User', saidAt: new Date('2026-03-01T10:00:00.000Z'), turn: 2 });
    expect(found.some((m) => /Melanie|psql|continued/.test(m.content))).toBe(false);
  });

  it('keeps a reply whole: a `Summary:` line inside it starts no turn, a sentence opening with a date is not a date line', async () => {
    const found = await extract(
      ['assistant (2026-03-01T10:00:00.000Z):', 'Summary:', 'The cache layer uses Redis 7 in production.', 'user:', 'On Monday we moved the cache to a managed Redis.'].join('\n'),
    );
    expect(byContent(found, 'Redis 7')).toMatchObject({ speaker: 'Assistant', turn: 0 });
    expect(byContent(found, 'managed Redis')).toMatchObject({ speaker: 'User', turn: 1, kind: 'event' });
  });

  it('is deterministic and keeps one copy of a sentence said twice', async () => {
    const text = 'Ada: We use Terraform for the network.\nBob: Ok.\nAda: We use Terraform for the network.';
    const [a, b] = [await extract(text), await extract(text)];
    expect(a).toEqual(b);
    expect(a.map((m) => m.content)).toEqual(['Ada: We use Terraform for the network.']);
  });
});

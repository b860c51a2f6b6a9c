// What remember reads from plain content: event times (absolute, relative, times of day) and speakers, without false ones.
import { describe, expect, it } from 'vitest';
import { readWrittenFacts } from './written-facts';

const WRITTEN = new Date('2026-11-25T09:30:00Z'); // a Wednesday
const iso = (content: string, at = WRITTEN) => readWrittenFacts(content, at).eventAt?.toISOString();
const speaker = (content: string) => readWrittenFacts(content, WRITTEN).speaker;

describe('event time written in the content', () => {
  it('reads an absolute date, in any common spelling', () => {
    expect(iso('Moved the database to the new host on 8 May 2023.')).toBe('2023-05-08T12:00:00.000Z');
    expect(iso('Deployed v2 on 2024-03-01.')).toBe('2024-03-01T12:00:00.000Z');
    expect(iso('Kickoff meeting March 3rd, 2025 with the design team')).toBe('2025-03-03T12:00:00.000Z');
  });

  it('reads a relative date against the memory\'s own time', () => {
    expect(iso('I went to a support group yesterday')).toBe('2026-11-24T09:30:00.000Z');
    expect(iso('The audit is due tomorrow')?.slice(0, 10)).toBe('2026-11-26');
    expect(iso('We met them last Monday')?.slice(0, 10)).toBe('2026-11-23');
    expect(iso('We switched to pnpm 2 weeks ago')?.slice(0, 10)).toBe('2026-11-11');
    expect(iso('We switched to pnpm 2 weeks ago', new Date('2024-01-20T00:00:00Z'))?.slice(0, 10)).toBe('2024-01-06');
  });

  it('reads a relative date after a framing date against the frame, and the frame alone as the event time', () => {
    expect(iso('On 8 May 2023, Caroline said: I went to a support group yesterday')).toBe('2023-05-07T12:00:00.000Z');
    expect(iso('On 8 May 2023, Caroline said: I love painting')).toBe('2023-05-08T12:00:00.000Z');
    expect(iso('[2023-05-08 14:05] Alice: the deploy is done')).toBe('2023-05-08T14:05:00.000Z');
  });

  it('reads a time of day', () => {
    expect(iso('Standup moved to 3pm tomorrow')).toBe('2026-11-26T15:00:00.000Z');
    expect(iso('On 8 May 2023 at 14:30, Bob said: the build is green')).toBe('2023-05-08T14:30:00.000Z');
  });

  it('finds no date in ordinary words, addresses, paths, versions or code', () => {
    for (const text of [
      'I sat in the sun and read',
      'We march on regardless',
      'I will be there at 5',
      'Note: see https://example.com/2023/05/08/post for details',
      'The notes are in docs/2023/05/notes.md',
      'Release 2.1.0 shipped with the fix',
      'Run `date -d 2023-05-08` to check',
      'Use pnpm for every package',
      'Right now the cache is cold',
      'The deploy pipeline runs on Fridays at 16:00 UTC.',
      'Standup is every Monday at 9am',
    ]) {
      expect(iso(text), text).toBeUndefined();
    }
  });
});

describe('speaker written in the content', () => {
  it('reads "Name said" with or without a framing date, up to three capitalised words', () => {
    expect(speaker('On 8 May 2023, Caroline said: I went to a support group yesterday')).toBe('Caroline');
    expect(speaker('Mary Jane Watson said that the launch slipped')).toBe('Mary Jane Watson');
    expect(speaker('Bob told me the staging server is down')).toBe('Bob');
    expect(speaker('On Monday, Dana asked: can we ship on Friday?')).toBe('Dana');
  });

  it('reads "Name:" as a speaker only after a framing date (a chat-log line)', () => {
    expect(speaker('[2023-05-08 14:05] Alice: the deploy is done')).toBe('Alice');
    expect(speaker('Caroline: I went there')).toBeUndefined();
  });

  it('takes no label, pronoun, article or address for a speaker', () => {
    for (const text of [
      'Note: the deploy runs on Fridays',
      'TODO: fix the build by Friday',
      'Summary: we chose Postgres',
      'Decision: keep the monolith',
      'It said: error 500',
      'The doc says: use pnpm',
      'They said the API is stable',
      'I said I would review it',
      'Note: Caroline said hi',
      'See https://example.com/Alice said: nothing',
      'On 8 May 2023, Note: the deploy runs on Fridays',
    ]) {
      expect(speaker(text), text).toBeUndefined();
    }
  });
});

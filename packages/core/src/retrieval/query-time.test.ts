// The time a question names, as the range of event times recall prefers.
import { describe, expect, it } from 'vitest';
import { asksWhen, queryTimeRange, statesTime } from './query-time';

const NOW = new Date('2026-11-25T09:30:00Z');
const range = (q: string) => {
  const r = queryTimeRange(q, NOW);
  if (r && 'month' in r) return r;
  return r && [r.from.toISOString().slice(0, 10), r.to.toISOString().slice(0, 10)];
};

describe('queryTimeRange', () => {
  it('widens a named month, year or day to the whole of it', () => {
    expect(range('What did Caroline do in May 2023?')).toEqual(['2023-05-01', '2023-06-01']);
    expect(range('What happened in 2022?')).toEqual(['2022-01-01', '2023-01-01']);
    expect(range('What did Bob say on 8 May 2023?')).toEqual(['2023-05-08', '2023-05-09']);
  });

  it('reads relative times against now', () => {
    expect(range('What did we decide last year?')).toEqual(['2025-01-01', '2026-01-01']);
    expect(range('What did we decide last month?')).toEqual(['2026-10-01', '2026-11-01']);
    expect(range('What did I do yesterday?')).toEqual(['2026-11-24', '2026-11-25']);
    expect(range('What did we ship last week?')).toEqual(['2026-11-15', '2026-11-22']);
  });

  it('reads a month without a year as that month of any year', () => {
    expect(range('When did Melanie go camping in June?')).toEqual({ month: 5 });
  });

  it('is null for a question naming no time', () => {
    expect(range('How does Jon feel about the opening night of his dance studio?')).toBeNull();
    expect(range('When did Melanie paint a sunrise?')).toBeNull();
    expect(range('What runs on kubernetes right now?')).toBeNull();
  });
});

describe('"when" questions and texts that state a time', () => {
  it('tells a question after a time', () => {
    expect(asksWhen('When did Caroline go to the support group?')).toBe(true);
    expect(asksWhen('How long ago did we move?')).toBe(true);
    expect(asksWhen('What year did Jon open the studio?')).toBe(true);
    expect(asksWhen('What did Caroline research?')).toBe(false);
    expect(asksWhen('Where do we deploy when the build is green?')).toBe(false);
  });

  it('reads a time in the text, but not the date it opens with', () => {
    expect(statesTime('Caroline: I went to a support group yesterday')).toBe(true);
    expect(statesTime('On 8 May 2023, Caroline said: I went to a support group yesterday')).toBe(true);
    expect(statesTime('We moved to Berlin in 2019')).toBe(true);
    expect(statesTime('On 8 May 2023, Caroline said: I love painting')).toBe(false);
    expect(statesTime('[2023-05-08 14:05] Alice: the deploy is done')).toBe(false);
    expect(statesTime('Caroline: I love painting sunsets')).toBe(false);
  });
});

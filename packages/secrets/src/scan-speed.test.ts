// The guard runs on every write, so the largest memory (16000 characters) must scan in milliseconds,
// including inputs built to make regular expressions backtrack.
import { bounds } from '@svc/contract';
import { describe, expect, it } from 'vitest';
import { fake } from './__fixtures__/fake';
import { INNOCENT_TEXTS } from './__fixtures__/innocent';
import { scanForSecrets } from './scan';

const SIZE = bounds.MEMORY_CONTENT_MAX_CHARS;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

const INPUTS: Record<string, string> = {
  'realistic mixed text': fill(INNOCENT_TEXTS.join('\n')),
  'one base64 blob': fake(
    'blob',
    SIZE,
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  ),
  'repeated assignments': fill('password=a'),
  'repeated URL prefixes': fill('https://a:'),
  'one long word': 'a'.repeat(SIZE),
  'dotted identifiers': fill('a.b-c_d.'),
};

async function medianMs(text: string, runs = 15): Promise<number> {
  await scanForSecrets(text);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await scanForSecrets(text);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? Infinity;
}

describe('scanForSecrets speed', () => {
  it.each(Object.entries(INPUTS))('scans a 16000-char %s quickly', async (name, text) => {
    expect(text).toHaveLength(SIZE);
    const ms = await medianMs(text);
    console.log(`scanForSecrets, ${name}, ${SIZE} chars: ${ms.toFixed(2)} ms (median)`);
    // Locally a few milliseconds; the bound leaves room for slow CI machines.
    expect(ms).toBeLessThan(100);
  });
});

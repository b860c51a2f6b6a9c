// Ordinary memories are never refused: a false positive silently costs the user a memory.
import { describe, expect, it } from 'vitest';
import { INNOCENT_TEXTS } from './__fixtures__/innocent';
import { scanForSecrets } from './scan';

describe('scanForSecrets on innocent text', () => {
  it.each(INNOCENT_TEXTS.map((text) => [text.slice(0, 60), text]))(
    'accepts %s',
    async (_, text) => {
      const findings = await scanForSecrets(text);
      const flagged = findings.map((f) => `${f.messageId}: ${text.slice(...f.range)}`);
      expect(flagged, 'a false positive here blocks a real memory').toEqual([]);
    },
  );

  it('accepts all of them at once, as one long memory', async () => {
    expect(await scanForSecrets(INNOCENT_TEXTS.join('\n\n'))).toEqual([]);
  });
});

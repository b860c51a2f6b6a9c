// The watcher's redaction: what the guard would refuse is replaced, everything else is left as it was.
import { describe, expect, it } from 'vitest';
import { fake } from './__fixtures__/fake';
import { INNOCENT_TEXTS } from './__fixtures__/innocent';
import { redactSecrets } from './redact';
import { scanForSecrets } from './scan';

describe('redactSecrets', () => {
  it('replaces a credential with its kind and leaves the text around it', async () => {
    const token = `ghp_${fake('redact', 36)}`;
    const { text, kinds } = await redactSecrets(`before ${token} after`);
    expect(text).not.toContain(token);
    expect(text).toMatch(/^before \[redacted [a-z_]+\] after$/);
    expect(kinds).toHaveLength(1);
    expect(await scanForSecrets(text)).toEqual([]);
  });

  it('leaves innocent text untouched', async () => {
    for (const innocent of INNOCENT_TEXTS.slice(0, 5)) {
      expect((await redactSecrets(innocent)).text).toBe(innocent);
    }
  });
});

// Every credential class is found, located and named; the scan stays fast on the largest memory.
import { describe, expect, it } from 'vitest';
import { fake } from './__fixtures__/fake';
import { PRESET_CASES } from './__fixtures__/preset-cases';
import { SUPPLEMENT_CASES } from './__fixtures__/supplement-cases';
import { scanForSecrets } from './scan';

describe('scanForSecrets', () => {
  it.each([...PRESET_CASES, ...SUPPLEMENT_CASES])(
    'finds $name',
    async ({ text, secret, rule, kind }) => {
      const findings = await scanForSecrets(text);
      expect(findings.length, `nothing found in: ${text.slice(0, 80)}`).toBeGreaterThan(0);
      const [first] = findings;
      expect(first?.ruleId.endsWith(rule)).toBe(true);
      expect(first?.kind).toBe(kind);
      // The range must overlap the secret so callers can say where it is without quoting it
      // (the preset's AWS rule reports the span from the key name on, hence overlap, not equality).
      const [start, end] = first?.range ?? [0, 0];
      // Located by its opening, since JSON escapes the newlines of a key embedded in it.
      const at = text.indexOf(secret.slice(0, 16));
      expect(at).toBeGreaterThanOrEqual(0);
      expect(start < at + secret.length && at < end).toBe(true);
    },
  );

  it('never carries the secret in what it returns', async () => {
    for (const { text, secret } of [...PRESET_CASES, ...SUPPLEMENT_CASES]) {
      const findings = await scanForSecrets(text);
      expect(JSON.stringify(findings)).not.toContain(secret.slice(0, 12));
    }
  });

  it('cannot be switched off by a secretlint-disable comment in the text', async () => {
    // secretlint's preset honours these comments; in a memory they would be a bypass.
    const token = `ghp_${fake('bypass', 36)}`;
    for (const directive of ['secretlint-disable', 'secretlint-disable-next-line']) {
      const findings = await scanForSecrets(`<!-- ${directive} -->\nGITHUB=${token}`);
      expect(findings.map((f) => f.label)).toContain('GitHub token');
    }
  });

  it('reports one finding per span when the preset and the supplement both match', async () => {
    const key = PRESET_CASES.find((c) => c.name === 'Anthropic API key')?.secret ?? '';
    const findings = await scanForSecrets(`key: ${key}`);
    expect(findings).toHaveLength(1);
    expect(findings[0]?.ruleId).toBe('@secretlint/secretlint-rule-anthropic');
  });

  it('finds every secret in a longer text, in order', async () => {
    const text = `first ghp_${fake('a', 36)} then glpat-${fake('b', 20)} and npm_${fake('c', 36)}`;
    const labels = (await scanForSecrets(text)).map((f) => f.label);
    expect(labels).toEqual(['GitHub token', 'GitLab access token', 'npm access token']);
  });

  it('returns nothing for empty or blank text', async () => {
    expect(await scanForSecrets('')).toEqual([]);
    expect(await scanForSecrets('  \n\t ')).toEqual([]);
  });
});

// The rule tables: well-formed, attributed, prefiltered correctly, and right on the edges where a
// table rule meets ordinary text.
import { describe, expect, it } from 'vitest';
import { fake, HEX } from './__fixtures__/fake';
import { ALL_RULES, RULE_FAMILIES } from './rules';
import { compileRules, keywordScanner, runRules } from './rules/compile';
import { scanForSecrets } from './scan';

const found = async (text: string) => (await scanForSecrets(text)).map((f) => text.slice(...f.range));

describe('rule tables', () => {
  it('have unique ids, a source and lower-case keywords', () => {
    expect(new Set(ALL_RULES.map((r) => r.id)).size).toBe(ALL_RULES.length);
    for (const rule of ALL_RULES) {
      expect(rule.source, rule.id).toMatch(/^(?:gitleaks|secretlint|svc):\S/);
      expect(rule.keywords.length, rule.id).toBeGreaterThan(0);
      for (const keyword of rule.keywords) expect(keyword, rule.id).toBe(keyword.toLowerCase());
    }
    expect(Object.keys(RULE_FAMILIES).length).toBeGreaterThanOrEqual(9);
  });

  it('run a rule only when one of its keywords occurs, overlapping keywords included', () => {
    const compiled = compileRules(ALL_RULES);
    const seen = keywordScanner(compiled)('xsk-or-v1- and dp.st.');
    expect([...seen]).toEqual(expect.arrayContaining(['sk-or-', 'sk-', 'dp.', '.']));
    const key = `sk-or-v1-${fake('or', 64, HEX)}`;
    expect(runRules(compiled, `OPENROUTER=${key}`).map((m) => m.rule.id)).toContain('openrouter-api-key');
    expect(runRules(compiled, 'nothing to see here')).toEqual([]);
  });

  it('refuse passwords on command lines and leave flags alone', async () => {
    expect(await found('curl -u admin:Zq8vN3xLp7 https://nas.local/api')).toEqual(['Zq8vN3xLp7']);
    expect(await found('mysql -u root -pK9vx2mQp7Rt1 shop')).toEqual(['K9vx2mQp7Rt1']);
    for (const text of ['run tests with -p 4 and --password-file ./pw.txt', 'git commit -p', 'curl -u "$USER:$PASS" https://x']) {
      expect(await found(text), text).toEqual([]);
    }
  });

  it('refuse passwords stated in a sentence, not sentences about passwords', async () => {
    expect(await found('the root password for the NAS is hunter2-xyz')).toEqual(['hunter2-xyz']);
    expect(await found('Wifi password: Tr0ub4dor&3, ask before sharing.')).toEqual(['Tr0ub4dor&3']);
    for (const text of [
      'The password is argon2id-hashed before it is stored.',
      'The password must be at least 12 characters.',
      'The root password for the NAS is in the team vault.',
      'my password is hunter2',
    ]) {
      expect(await found(text), text).toEqual([]);
    }
  });

  it('find private keys without an END line, with PEM headers, and escaped in JSON', async () => {
    const body = fake('pem', 256, `${HEX}ABCDEFGHIJKLMNOPQRSTUVWXYZ+/`);
    const cut = `key:\n-----BEGIN OPENSSH PRIVATE KEY-----\n${body}`;
    expect((await scanForSecrets(cut))[0]?.kind).toBe('private_key');
    const headed = `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${fake('iv', 32, HEX)}\n\n${body}\n-----END RSA PRIVATE KEY-----`;
    expect((await scanForSecrets(headed))[0]?.kind).toBe('private_key');
    const escaped = JSON.stringify({ key: `-----BEGIN EC PRIVATE KEY-----\n${body}\n-----END EC PRIVATE KEY-----\n` });
    expect((await scanForSecrets(escaped))[0]?.kind).toBe('private_key');
    expect(await scanForSecrets('Keys start with -----BEGIN RSA PRIVATE KEY----- and end with the END line.')).toEqual([]);
  });

  it('drop stand-ins whichever detector matched them', async () => {
    for (const text of ['GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'export SLACK_BOT_TOKEN=xoxb-your-token', 'STRIPE_KEY=sk_live_...']) {
      expect(await scanForSecrets(text), text).toEqual([]);
    }
  });
});

describe('invisible characters', () => {
  it('do not split a token, and the range covers them in the text as given', async () => {
    const token = `ghp_${fake('zw', 36)}`;
    const hidden = `${token.slice(0, 10)}\u200b${token.slice(10, 20)}\u2060${token.slice(20)}`;
    const text = `deploy with ${hidden} today`;
    const [finding] = await scanForSecrets(text);
    expect(finding?.label).toBe('GitHub token');
    expect(text.slice(...(finding?.range ?? [0, 0]))).toBe(hidden);
    // At the very start too, and again on the next call.
    for (let i = 0; i < 2; i += 1) expect((await scanForSecrets(`\u200b${token}`))[0]?.range).toEqual([1, token.length + 1]);
  });
});

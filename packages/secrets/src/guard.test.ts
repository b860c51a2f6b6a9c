// The refusal follows the contract (code, prefix, details) and never repeats the secret it found.
import { hasRefusal, refusalDetails } from '@svc/contract';
import { isServiceError, type ServiceError } from '@svc/errors';
import { describe, expect, it } from 'vitest';
import { fake } from './__fixtures__/fake';
import { PRESET_CASES } from './__fixtures__/preset-cases';
import { SUPPLEMENT_CASES } from './__fixtures__/supplement-cases';
import { INNOCENT_TEXTS } from './__fixtures__/innocent';
import { assertNoSecrets, type GuardedFields } from './guard';

async function refusal(fields: GuardedFields): Promise<ServiceError> {
  const error: unknown = await assertNoSecrets(fields).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isServiceError(error)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

const token = `ghp_${fake('guard', 36)}`;

describe('assertNoSecrets', () => {
  it('refuses with validation_failed, the stable prefix and the contract details', async () => {
    const error = await refusal({ content: `deploy with ${token}` });
    expect(error.code).toBe('validation_failed');
    expect(hasRefusal(error.message, 'secret_content_rejected')).toBe(true);
    expect(error.message).toBe(
      'secret_content_rejected: content looks like it contains a GitHub token; ' +
        'store a reference to where the secret lives instead',
    );
    expect(refusalDetails.secret_content_rejected.parse(error.details)).toEqual({
      refusal: 'secret_content_rejected',
      field: 'content',
      kind: 'access_token',
    });
    expect(error.details?.rule).toBe('@secretlint/secretlint-rule-github');
  });

  it.each([...PRESET_CASES, ...SUPPLEMENT_CASES])(
    'refuses $name without echoing it',
    async ({ text, secret }) => {
      const error = await refusal({ body: text });
      const visible = JSON.stringify({ message: error.message, details: error.details });
      // A fragment is enough to leak: no 8-character window of the secret may appear.
      for (let i = 0; i + 8 <= secret.length; i += 4) {
        expect(visible).not.toContain(secret.slice(i, i + 8));
      }
    },
  );

  it('checks every item of a list and names the item', async () => {
    const error = await refusal({ 'relations[].from.name': ['Postgres', 'Redis', token] });
    expect(error.details?.field).toBe('relations[2].from.name');
    const plain = await refusal({ names: ['ok', token] });
    expect(plain.details?.field).toBe('names[1]');
  });

  it('names the first offending field in the order given', async () => {
    const error = await refusal({
      title: 'Rotate keys',
      body: token,
      note: `npm_${fake('n', 36)}`,
    });
    expect(error.details?.field).toBe('body');
  });

  it('chooses "an" where the label needs it', async () => {
    const aws = PRESET_CASES.find((c) => c.name === 'AWS access key id')?.text ?? '';
    expect((await refusal({ content: aws })).message).toContain('contains an AWS access key ID;');
    const npm = `npm_${fake('npm-article', 36)}`;
    expect((await refusal({ content: npm })).message).toContain('contains an npm access token;');
  });

  it('accepts clean fields, absent fields and empty lists', async () => {
    await expect(
      assertNoSecrets({
        content: INNOCENT_TEXTS.join('\n'),
        title: undefined,
        'links[].reason': [],
        'relations[].to.name': ['Postgres', 'memory-service'],
      }),
    ).resolves.toBeUndefined();
    await expect(assertNoSecrets({})).resolves.toBeUndefined();
  });
});

// The guard against its corpus: every credential kind written every way is refused (the target is
// 98%, misses listed by kind), nothing benign is, and a refusal never repeats what it refused.
import { isServiceError, type ServiceError } from '@svc/errors';
import { describe, expect, it } from 'vitest';
import {
  benignCorpus,
  credentialCorpus,
  CREDENTIAL_KINDS,
  LOCOMO_DEV_PATH,
  locomoCheckMode,
  locomoTurns,
  type CredentialCase,
} from './corpus';
import { assertNoSecrets } from './guard';
import { presetFindsSecret } from './preset-baseline';
import { redactSecrets } from './redact';
import { scanForSecrets } from './scan';

const TARGET = 0.98;
const cases = credentialCorpus();

async function refusalOf(text: string): Promise<ServiceError | null> {
  try {
    await assertNoSecrets({ content: text });
    return null;
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return error;
  }
}

const label = (c: CredentialCase) => `${c.kind.id} (${c.format})`;

describe('credential corpus', () => {
  it('holds at least 60 kinds, each written at least four ways', () => {
    expect(CREDENTIAL_KINDS.length).toBeGreaterThanOrEqual(60);
    for (const kind of CREDENTIAL_KINDS) {
      const ways = cases.filter((c) => c.kind === kind).map((c) => c.format);
      expect(ways.length, kind.id).toBeGreaterThanOrEqual(4);
    }
  });

  it(`refuses at least ${TARGET * 100}% of it, and never echoes the secret`, async () => {
    const missed: string[] = [];
    for (const c of cases) {
      const error = await refusalOf(c.text);
      if (!error) {
        missed.push(label(c));
        continue;
      }
      expect(error.code).toBe('validation_failed');
      const visible = JSON.stringify({ message: error.message, details: error.details });
      // Any 8-character window would be a leak: every one is checked, along the whole secret.
      // Windows of plain words ("access_token$…" formats) may match the kind's own name.
      const leaked: string[] = [];
      for (let i = 0; i + 8 <= c.secret.length; i += 1) {
        const window = c.secret.slice(i, i + 8);
        if (!/^[a-z_ -]+$/.test(window) && visible.includes(window)) leaked.push(window);
      }
      expect(leaked, label(c)).toEqual([]);
    }
    const rate = 1 - missed.length / cases.length;
    expect(rate, `missed ${missed.length} of ${cases.length}:\n${missed.join('\n')}`).toBeGreaterThanOrEqual(TARGET);
  });

  it('refuses every way of writing the five kinds a user found stored', async () => {
    const reported = ['openssh-private-key', 'azure-storage-connection-string', 'twilio-api-key', 'twilio-api-secret', 'discord-bot-token', 'nas-root-password'];
    const missed: string[] = [];
    for (const c of cases.filter(({ kind }) => reported.includes(kind.id))) {
      if (!(await refusalOf(c.text))) missed.push(label(c));
    }
    expect(missed).toEqual([]);
    expect(await refusalOf('the root password for the NAS is hunter2-xyz')).not.toBeNull();
  });

  it('refuses everything secretlint\'s recommended preset alone finds in it', async () => {
    const onlyPreset: string[] = [];
    for (const c of cases) {
      if ((await presetFindsSecret(c.text)) && !(await refusalOf(c.text))) onlyPreset.push(label(c));
    }
    expect(onlyPreset).toEqual([]);
  });

  it('redacts what it refuses, so the watcher sends nothing the guard would refuse', async () => {
    for (const c of cases) {
      const { text } = await redactSecrets(c.text);
      expect(text, label(c)).not.toContain(c.secret);
      expect(await scanForSecrets(text), label(c)).toEqual([]);
    }
  });
});

describe('benign corpus', () => {
  it('refuses none of the hashes, identifiers, encodings, placeholders and notes', async () => {
    const refused: string[] = [];
    for (const { group, text } of benignCorpus()) {
      const error = await refusalOf(text);
      if (error) refused.push(`${group}: ${String(error.details?.rule)}: ${text.slice(0, 80)}`);
    }
    expect(refused).toEqual([]);
  });

  const turns = locomoTurns();
  it.skipIf(locomoCheckMode(turns, process.env) === 'skip')('refuses none of the LoCoMo dev turns', async () => {
    if (turns === null) throw new Error(`CI needs the LoCoMo dev turns at ${LOCOMO_DEV_PATH}; the check cannot be skipped there`);
    const refused: string[] = [];
    for (const text of turns) {
      if (await refusalOf(text)) refused.push(text.slice(0, 80));
    }
    expect(turns.length).toBeGreaterThan(600);
    expect(refused).toEqual([]);
  });
});

describe('the LoCoMo check', () => {
  it('runs when the data is there, fails under CI without it, and is skipped only locally', () => {
    expect(locomoCheckMode(['a turn'], { CI: 'true' })).toBe('run');
    expect(locomoCheckMode(null, { CI: 'true' })).toBe('fail');
    expect(locomoCheckMode(null, { CI: '1' })).toBe('fail');
    expect(locomoCheckMode(null, {})).toBe('skip');
    expect(locomoCheckMode(null, { CI: 'false' })).toBe('skip');
  });

  it('finds no data at a path that does not exist', () => {
    expect(locomoTurns('/nonexistent/locomo-dev.json')).toBeNull();
  });
});

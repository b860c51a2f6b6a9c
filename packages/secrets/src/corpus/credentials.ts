// The credential corpus: every kind written every way it can be, with fresh fake values per case.
import { FORMAT_NAMES, write, type FormatName } from './formats';
import { CREDENTIAL_KINDS, type CredentialKind } from './kinds';
import { seeded } from './random';

export interface CredentialCase {
  kind: CredentialKind;
  format: FormatName;
  text: string;
  /** The fake secret alone, so a test can check it never leaks into a refusal. */
  secret: string;
}

/** Deterministic for a seed: the same run, the same texts. Each case draws its own value. */
export function credentialCorpus(seed = 'svc-secrets-corpus'): CredentialCase[] {
  const cases: CredentialCase[] = [];
  for (const kind of CREDENTIAL_KINDS) {
    for (const format of FORMAT_NAMES) {
      const value = kind.make(seeded(`${seed}/${kind.id}/${format}`));
      const text = write(format, kind, value, seeded(`${seed}/${kind.id}/${format}/phrasing`));
      if (text !== null) cases.push({ kind, format, text, secret: kind.secretOf?.(value) ?? value });
    }
  }
  return cases;
}

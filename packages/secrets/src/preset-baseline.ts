// secretlint's recommended preset alone, with its own defaults: the baseline the guard is measured
// against (bench/secrets and corpus.test.ts). Never used to guard anything.
import { lintSource } from '@secretlint/core';
import { rules as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretlintConfig } from './supplementary-rule';

const CONFIG: SecretlintConfig = {
  rules: recommendedRules.map((rule) => ({ id: rule.meta.id, rule })),
};

/** True when the preset alone reports anything in `text`. */
export async function presetFindsSecret(text: string): Promise<boolean> {
  if (text.trim() === '') return false;
  const result = await lintSource({
    source: { filePath: '', ext: '.txt', contentType: 'text', content: text },
    options: { config: CONFIG, noPhysicFilePath: true, maskSecrets: true },
  });
  return result.messages.length > 0;
}

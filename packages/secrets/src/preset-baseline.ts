// secretlint's recommended preset alone, with its own defaults: the baseline the guard is measured
// against (bench/secrets and corpus.test.ts). Never used to guard anything.
import { lintSource } from '@secretlint/core';
import { rules as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend';
import { disableEngineProfiler } from './engine-profiler';
import type { SecretlintConfig } from './supplementary-rule';

const CONFIG: SecretlintConfig = {
  rules: recommendedRules.map((rule) => ({ id: rule.meta.id, rule })),
};

// Timed beside the guard, so it runs without the engine's profiler as the guard does.
const profilerOff = disableEngineProfiler().catch(() => undefined);

/** True when the preset alone reports anything in `text`. */
export async function presetFindsSecret(text: string): Promise<boolean> {
  if (text.trim() === '') return false;
  await profilerOff;
  const result = await lintSource({
    source: { filePath: '', ext: '.txt', contentType: 'text', content: text },
    options: { config: CONFIG, noPhysicFilePath: true, maskSecrets: true },
  });
  return result.messages.length > 0;
}

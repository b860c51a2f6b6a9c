// LoCoMo's dev conversations as benign text: real chat turns the guard must never refuse.
// Read in place from the project's shared data (CC BY-NC 4.0: never copied into this repository).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const LOCOMO_DEV_PATH = fileURLToPath(
  new URL('../../../../../shared/data/locomo-dev.json', import.meta.url),
);

interface Turn {
  text?: unknown;
  blip_caption?: unknown;
}

/** Every turn's text (and image caption), or null when the data set is not beside the project. */
export function locomoTurns(path = LOCOMO_DEV_PATH): string[] | null {
  if (!existsSync(path)) return null;
  const samples = JSON.parse(readFileSync(path, 'utf8')) as Array<{ conversation: Record<string, unknown> }>;
  const texts: string[] = [];
  for (const { conversation } of samples) {
    for (const [name, session] of Object.entries(conversation)) {
      if (!/^session_\d+$/.test(name) || !Array.isArray(session)) continue;
      for (const turn of session as Turn[]) {
        if (typeof turn.text === 'string') texts.push(turn.text);
        if (typeof turn.blip_caption === 'string') texts.push(turn.blip_caption);
      }
    }
  }
  return texts;
}

/** Locally the LoCoMo check is skipped when the data set is absent; under CI (`CI` set, as every CI
 *  service sets it) a missing data set fails the check, so a silent skip cannot pass a build. */
export function locomoCheckMode(turns: readonly string[] | null, env: Readonly<Record<string, string | undefined>>): 'run' | 'skip' | 'fail' {
  if (turns !== null) return 'run';
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0' ? 'fail' : 'skip';
}

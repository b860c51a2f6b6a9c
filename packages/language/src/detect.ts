// Offline language detection of a memory's text with eld (chosen in bench/language), under the English-first rule.
import { eld } from 'eld/medium';
import { decideLanguage, type RawGuess } from './policy';

export function eldGuess(prose: string): RawGuess {
  const result = eld.detect(prose);
  return { language: result.language, reliable: result.isReliable() };
}

/** The memory's language (ISO 639-1): `en` for English and for anything that cannot be told. */
export function detectLanguage(text: string): string {
  return decideLanguage(text, eldGuess);
}

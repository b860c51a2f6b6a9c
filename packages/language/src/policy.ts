// The rule that turns a detector's guess into a memory's language: anything uncertain is English.
import { letterWeight, proseOf } from './prose';

export interface RawGuess {
  /** ISO 639-1 code, or '' when the detector has no answer. */
  language: string;
  /** The detector's own confidence signal. */
  reliable: boolean;
}

export type Guesser = (prose: string) => RawGuess;

/**
 * Below this much prose (letters, dense scripts weighted) no detector tells languages apart
 * reliably; measured in bench/language (see bench/README.md). A wrong guess would send an
 * English note to translation, so too little evidence means English.
 */
export const MIN_LETTER_WEIGHT = 16;

export const CANONICAL_LANGUAGE = 'en';

export function decideLanguage(text: string, guess: Guesser): string {
  const prose = proseOf(text);
  if (letterWeight(prose) < MIN_LETTER_WEIGHT) return CANONICAL_LANGUAGE;
  const { language, reliable } = guess(prose);
  if (!reliable || !/^[a-z]{2}$/.test(language)) return CANONICAL_LANGUAGE;
  return language;
}

// Public API of language detection: a memory's language, told offline, English when in doubt.
export { detectLanguage, eldGuess } from './detect';
export { CANONICAL_LANGUAGE, MIN_LETTER_WEIGHT, decideLanguage, type Guesser, type RawGuess } from './policy';
export { letterWeight, proseOf } from './prose';

// Keeps the prose of a note for language detection: code words, paths and URLs say nothing of the language.

/** Tokens that are code, not words of a language: paths, identifiers, flags, versions, URLs. */
const CODE_TOKEN =
  /^(?:https?:\/\/\S+|\S*[/\\_=<>{}()[\]`$#@|;~^*]\S*|\S+\.\S+|--?\S+|\S*\d\S*|[a-z]+[A-Z]\S*|[A-Z]{2,}\S*)$/u;

/** Ideographs, kana and hangul carry a word or more per character, so they weigh more than one letter. */
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function proseOf(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .split(/\s+/u)
    .filter((token) => token.length > 0 && !CODE_TOKEN.test(token))
    .join(' ');
}

/** How much language evidence a text carries: letters, with a dense-script character counting three. */
export function letterWeight(prose: string): number {
  let weight = 0;
  for (const ch of prose) {
    if (DENSE_SCRIPT.test(ch)) weight += 3;
    else if (/\p{L}/u.test(ch)) weight += 1;
  }
  return weight;
}

// Zero-width and other invisible characters split a token for a regular expression but not for
// whoever copies it back out: "ghp_<ZWSP>abc…" still works once the character is dropped. The scan
// reads the text without them and reports offsets in the text as given.

const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/;

export interface VisibleText {
  text: string;
  /** Maps a [start, end) range of `text` back to the original. */
  toOriginal(range: readonly [number, number]): [number, number];
}

export function visibleText(original: string): VisibleText {
  if (!INVISIBLE.test(original)) return { text: original, toOriginal: ([start, end]) => [start, end] };
  const kept: number[] = [];
  let text = '';
  for (let i = 0; i < original.length; i += 1) {
    const ch = original[i] ?? '';
    if (INVISIBLE.test(ch)) continue;
    kept.push(i);
    text += ch;
  }
  return {
    text,
    toOriginal: ([start, end]) => [kept[start] ?? original.length, end > start ? (kept[end - 1] ?? original.length - 1) + 1 : kept[start] ?? original.length],
  };
}

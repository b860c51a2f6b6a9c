// Splits a transcript into chunks of at most the contract's watcher size, preferring line breaks.

/**
 * Cuts `text` into pieces no longer than `max` UTF-16 units whose concatenation is `text`.
 * A cut lands after the last newline in the window when there is one, so turns stay whole, and
 * never between the two halves of a surrogate pair, so no chunk carries a broken character.
 */
export function splitChunks(text: string, max: number): string[] {
  if (!Number.isInteger(max) || max < 2)
    throw new RangeError('max must be an integer of at least 2');
  const chunks: string[] = [];
  let start = 0;
  while (text.length - start > max) {
    let end = start + max;
    const newline = text.lastIndexOf('\n', end - 1);
    if (newline >= start) end = newline + 1;
    else if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    chunks.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) chunks.push(text.slice(start));
  return chunks;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

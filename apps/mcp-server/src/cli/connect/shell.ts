// Quotes words for a POSIX shell, so a printed command pastes as one line that means exactly what it says.
const SAFE = /^[A-Za-z0-9_/.:=@%+,-]+$/;

export function shellWord(word: string): string {
  return SAFE.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export function shellLine(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}

// Initials of a project name ("memory service" → "ms"), one of the ways a project_hint may name it.

/** Word boundaries inside a word: `memoryService`, `MemoryService`, `HTTPServer`, `Web3App`. */
const CAMEL = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** The words of a name, split at spaces and punctuation and at camel-case humps. */
export function nameWords(name: string): string[] {
  return (
    name
      .normalize('NFKC')
      .split(/[^\p{L}\p{N}]+/u)
      // An all-capitals part (`MEMORY`, `A0B`) is shouting or an acronym, not camel case.
      .flatMap((part) => (/\p{Ll}/u.test(part) ? part.split(CAMEL) : [part]))
      .filter((word) => word !== '')
  );
}

/** Lower-case first letter of each word: "MemoryService" and "memory-service" both give "ms". */
export function deriveInitials(name: string): string {
  return nameWords(name)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLowerCase();
}

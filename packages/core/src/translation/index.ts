// Translation into English, the contract's canonical language: one memory, or the whole backlog.
export { catchUpTranslations, untranslatedMemories } from './backlog';
export type { TranslationQueue } from './queue';
export { sourceHash, translateMemory, type TranslationDeps, type TranslationOutcome } from './translate-memory';

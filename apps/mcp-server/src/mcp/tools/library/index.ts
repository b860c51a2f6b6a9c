// Handlers of the memory library tools: move, import, search, similarity, history and entity links.
import type { ToolHandler } from '../../tool-handler';
import { findSimilarMemoryHandler } from './find-similar-memory';
import { importMemoryHandler } from './import-memory';
import { linkHandler } from './link';
import { memoryVersionHistoryHandler } from './memory-version-history';
import { moveMemoriesHandler } from './move-memories';
import { searchMemoriesHandler } from './search-memories';

export const LIBRARY_HANDLERS = [
  moveMemoriesHandler,
  importMemoryHandler,
  searchMemoriesHandler,
  findSimilarMemoryHandler,
  memoryVersionHistoryHandler,
  linkHandler,
] as ToolHandler[];

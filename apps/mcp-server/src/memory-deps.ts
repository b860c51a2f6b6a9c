// The memory parts of the server's dependencies, as the core operations take them (tools and dashboard routes alike).
import type { MemoryDeps } from '@svc/core';
import type { ServerDeps } from './deps';

/** One place, so a part added for the core (the saved-memory check) reaches every caller. */
export function memoryDepsOf(deps: ServerDeps): MemoryDeps {
  const { database, retriever, indexer, logger, translation, checks } = deps;
  return { database, retriever, indexer, logger, translation, checks };
}

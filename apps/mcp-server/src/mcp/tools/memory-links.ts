// resource_link blocks for read results: one per surfaced memory, pointing at its full row.
import type { ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import type { MemoryView } from '@svc/contract';

export function memoryLinks(memories: readonly MemoryView[]): ResourceLink[] {
  return memories.map((m) => ({
    type: 'resource_link',
    uri: m.uri,
    name: `memory ${m.id}`,
    mimeType: 'application/json',
    description: m.content.length > 120 ? `${m.content.slice(0, 119)}…` : m.content,
  }));
}

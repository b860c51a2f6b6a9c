// Turns a stored memory into the contract's view: scope target, derived status and a bounded preview.
import { bounds, memoryResourceUri, type MemoryView } from '@svc/contract';

const { MEMORY_PREVIEW_MAX_CHARS } = bounds;
import type { LoadedMemory } from './load';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `full` keeps the whole content (the svc://memory resource); tool results carry a preview. */
export function toMemoryView(loaded: LoadedMemory, opts: { full?: boolean } = {}): MemoryView {
  const { row } = loaded;
  const text = row.contentEn ?? row.content;
  const truncated = !opts.full && text.length > MEMORY_PREVIEW_MAX_CHARS;
  const source = row.source;
  // The thread a memory was written in orders the search documents only; it is not shown.
  const hasSource = [source.agent, source.client, source.conversationId, source.transcriptChunkId].some(
    (v) => typeof v === 'string',
  );
  return {
    id: row.id,
    uri: memoryResourceUri(row.id),
    owner_id: row.ownerId,
    scope: loaded.scopeKind === 'personal' || !row.projectId ? 'personal' : `project:${row.projectId}`,
    project_id: row.projectId,
    content: truncated ? `${text.slice(0, MEMORY_PREVIEW_MAX_CHARS - 1)}…` : text,
    truncated,
    language: row.language,
    // The resource is the full row: the text as written travels beside the English when they differ.
    ...(opts.full && row.language !== 'en' && { original: { language: row.language, content: row.content } }),
    kind: row.kind,
    tags: row.tags,
    importance: row.importance,
    status: row.invalidatedAt ? 'retired' : loaded.supersededBy.length > 0 ? 'superseded' : 'active',
    loop_state: row.loopState,
    loop_closed_at: iso(row.loopClosedAt),
    event_at: iso(row.eventAt),
    source: hasSource
      ? {
          agent: str(source.agent),
          client: str(source.client),
          conversation_id: str(source.conversationId),
          chunk_id: str(source.transcriptChunkId),
        }
      : null,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    invalidated_at: iso(row.invalidatedAt),
    invalidated_by: row.invalidatedBy,
    invalidation_reason: row.invalidationReason,
    shared_by: row.sharedBy,
    shared_at: iso(row.sharedAt),
    supersedes: loaded.supersedes,
    superseded_by: loaded.supersededBy,
  };
}

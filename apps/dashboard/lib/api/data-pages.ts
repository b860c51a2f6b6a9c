// The account API behind the memories, boards and usage pages: the calls and their answers' shapes.
import { z } from 'zod';
import { cardSummary, cardView } from '@svc/contract';
import type { ServerApi } from './client';
import { serverApi } from './account';
import { memoryItem } from './data-schemas';

const projectRef = z.object({ id: z.string(), name: z.string().nullable() }).nullable();

export const memoryRow = memoryItem.extend({
  language: z.string().optional(),
  original: z.object({ language: z.string(), content: z.string() }).nullable().optional(),
  loop_state: z.string().nullable().optional(),
  project: projectRef.optional(),
  supersedes: z.array(z.string()).optional(),
  superseded_by: z.array(z.string()).optional(),
  invalidation_reason: z.string().nullable().optional(),
  importance: z.number().optional(),
  updated_at: z.string().optional(),
});
export type MemoryRow = z.infer<typeof memoryRow>;

export const memoryList = z.object({
  memories: z.array(memoryRow),
  next_cursor: z.string().nullable().optional(),
  more_unsearched: z.boolean().optional(),
  languages: z.array(z.string()).default([]),
});

export const conflictItem = z
  .object({
    id: z.string(),
    kind: z.string(),
    status: z.string(),
    a: memoryRow,
    b: memoryRow,
    explanation: z.string().nullable(),
    detected_at: z.string(),
    resolved_at: z.string().nullable(),
    resolution: z.string().nullable(),
  })
  .loose();
export type ConflictItem = z.infer<typeof conflictItem>;

export const memoryDetail = z.object({
  memory: memoryRow.extend({ owned: z.boolean() }),
  history: z
    .object({
      versions: z.array(memoryRow),
      current: z.string().nullable(),
      events: z.array(z.object({ memory_id: z.string(), event: z.string(), at: z.string(), by: z.string().nullable(), detail: z.string().nullable() })),
      truncated: z.boolean(),
    })
    .loose(),
  conflicts: z.array(conflictItem),
});
export type MemoryDetail = z.infer<typeof memoryDetail>;

const bulkAnswer = z
  .object({
    action: z.string(),
    retired: z.array(z.string()).optional(),
    moved: z.array(z.string()).optional(),
    skipped: z.array(z.object({ id: z.string(), reason: z.string() })).default([]),
  })
  .loose();
export type BulkAnswer = z.infer<typeof bulkAnswer>;

export const CARD_COLUMNS = ['backlog', 'active', 'review', 'done', 'dropped'] as const;
const counts = z.record(z.string(), z.number());

export const boardList = z.object({
  boards: z.array(z.object({ project: z.object({ id: z.string(), name: z.string(), role: z.string() }), counts })),
});

export type { CardSummary } from '@svc/contract';

export const boardPage = z.object({
  project: z.object({ id: z.string(), name: z.string() }).loose(),
  counts,
  cards: z.array(cardSummary),
  next_cursor: z.string().nullable(),
});

// The card tool's own view: the dashboard shows what `board resolve` answers.
export const cardDetail = z.object({
  card: cardView,
  log: z.array(z.object({ id: z.string(), note: z.string(), created_at: z.string() }).loose()),
});
export type CardDetail = z.infer<typeof cardDetail>;

const movedCard = z.object({ card: z.object({ state: z.string() }).loose() }).loose();

export const usageReport = z.object({
  days: z.number(),
  total: z.object({ calls: z.number(), errors: z.number() }),
  daily: z.array(z.object({ date: z.string(), calls: z.number(), errors: z.number() })),
  by_tool: z.array(z.object({ tool: z.string(), calls: z.number(), errors: z.number() })),
  daily_by_tool: z.array(z.object({ tool: z.string(), calls: z.array(z.number()) })).default([]),
  language_model: z.object({ calls: z.number(), prompt_tokens: z.number(), completion_tokens: z.number() }).optional(),
});
export type UsageReport = z.infer<typeof usageReport>;

export const healthReport = z.object({
  /** False for everyone but the instance's owner: jobs, backups and alarms are the operator's to see. */
  operator: z.boolean(),
  jobs: z.array(
    z.object({
      job: z.string(),
      schedule: z.string().nullable(),
      next_run: z.string().nullable(),
      last_outcome: z.string().nullable(),
      last_started: z.string().nullable(),
      duration_ms: z.number().nullable(),
    }),
  ),
  backups: z.object({
    where: z.string().nullable(),
    count: z.number(),
    unreadable: z.number(),
    latest: z.object({ id: z.string(), created_at: z.string(), reason: z.string(), rows: z.number(), bytes: z.number() }).nullable(),
    error: z.string().nullable(),
  }).nullable(),
  alarms: z.object({
    open: z.array(z.object({ alarm: z.string(), incident: z.string(), raised_at: z.string().nullable() })),
    raised_since_start: z.array(z.object({ alarm: z.string(), count: z.number() })),
  }).nullable(),
  language_model: z.object({ configured: z.boolean(), model: z.string().nullable(), summary: z.string() }),
});
export type HealthReport = z.infer<typeof healthReport>;

export interface MemoryFilters {
  q?: string;
  project?: string;
  kind?: string;
  language?: string;
  state?: string;
  cursor?: string;
}

export interface CardMove {
  state: string;
  no_branch?: string;
  not_landed?: string;
  no_links?: string;
}

export function pagesApi(token: string, api: ServerApi = serverApi(token)) {
  const id = encodeURIComponent;
  return {
    memories: (filters: MemoryFilters, limit = 50) => {
      const params = new URLSearchParams({ limit: String(limit) });
      for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
      return api.request('GET', `/account/memories?${params}`, memoryList);
    },
    memory: (memoryId: string) => api.request('GET', `/account/memories/${id(memoryId)}`, memoryDetail),
    bulk: (body: { action: 'forget'; ids: string[] } | { action: 'move'; ids: string[]; scope: string }) =>
      api.request('POST', '/account/memories/bulk', bulkAnswer, body),
    exportMemories: (ids: string[]) => api.request('POST', '/account/memories/export', z.object({ memories: z.array(z.unknown()) }).loose(), { ids }),
    resolveConflict: (conflictId: string, keep: string, mergedContent?: string) =>
      api.request('POST', `/account/conflicts/${id(conflictId)}/resolve`, z.object({}).loose(), {
        keep,
        ...(mergedContent !== undefined && { merged_content: mergedContent }),
      }),
    boards: () => api.request('GET', '/account/boards', boardList),
    board: (projectId: string) => api.request('GET', `/account/boards/${id(projectId)}`, boardPage),
    card: (projectId: string, label: string) => api.request('GET', `/account/boards/${id(projectId)}/cards/${id(label)}`, cardDetail),
    moveCard: (projectId: string, label: string, move: CardMove) =>
      api.request('POST', `/account/boards/${id(projectId)}/cards/${id(label)}/move`, movedCard, move),
    usage: (days: number) => api.request('GET', `/account/usage?days=${days}`, usageReport),
    health: () => api.request('GET', '/account/health', healthReport),
  };
}

// The server's /account/* data routes behind the memories, rules, projects, boards and usage pages.
import type { ServerApi } from './client';
import { serverApi } from './account';
import { boardAnswer, memoriesAnswer, memoryAnswer, projectsAnswer, rulesAnswer, usageAnswer } from './data-schemas';

export interface MemoryQuery {
  q?: string;
  includeRetired?: boolean;
  limit?: number;
}

export function dataApi(token: string, api: ServerApi = serverApi(token)) {
  const id = encodeURIComponent;
  return {
    memories: ({ q, includeRetired, limit = 50 }: MemoryQuery) => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (q) params.set('q', q);
      if (includeRetired) params.set('include_retired', 'true');
      return api.request('GET', `/account/memories?${params}`, memoriesAnswer);
    },
    forget: (memoryId: string) => api.request('POST', `/account/memories/${id(memoryId)}/forget`, memoryAnswer),
    restore: (memoryId: string) => api.request('POST', `/account/memories/${id(memoryId)}/restore`, memoryAnswer),
    rules: () => api.request('GET', '/account/rules', rulesAnswer),
    projects: () => api.request('GET', '/account/projects', projectsAnswer),
    board: (projectId: string) => api.request('GET', `/account/boards/${id(projectId)}`, boardAnswer),
    usage: (days: number) => api.request('GET', `/account/usage?days=${days}`, usageAnswer),
  };
}

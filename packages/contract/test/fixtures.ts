// Sample values of the shared views, so output schemas can be checked against realistic answers.
import type { CardView, MemoryView } from '../src/index';

export const ID = {
  a: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  b: '9b2f8c1e-2d4a-4f6b-8c3d-1e2f3a4b5c6d',
  c: '0b7e8f9a-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
  user: 'c56a4180-65aa-42ec-a945-5fd21dec0538',
  project: '6ba7b810-9dad-41d1-80b4-00c04fd430c8',
} as const;

export const NOW = '2025-11-22T11:00:00.000Z';

export function memory(overrides: Partial<MemoryView> = {}): MemoryView {
  return {
    id: ID.a,
    uri: `svc://memory/${ID.a}`,
    owner_id: ID.user,
    scope: `project:${ID.project}`,
    project_id: ID.project,
    content: 'The billing service deploys on Tuesdays.',
    truncated: false,
    language: 'en',
    kind: 'fact',
    tags: ['billing'],
    importance: 0.5,
    status: 'active',
    loop_state: null,
    loop_closed_at: null,
    event_at: null,
    source: null,
    metadata: {},
    created_at: NOW,
    updated_at: NOW,
    invalidated_at: null,
    invalidated_by: null,
    invalidation_reason: null,
    shared_by: null,
    shared_at: null,
    supersedes: [],
    superseded_by: [],
    ...overrides,
  };
}

export function card(overrides: Partial<CardView> = {}): CardView {
  return {
    id: ID.b,
    label: 'SVC-12',
    number: 12,
    project_id: ID.project,
    title: 'Retry failed webhooks',
    body: null,
    type: 'bug',
    state: 'active',
    relations_assessed: true,
    no_links_reason: 'standalone fix',
    no_branch_reason: null,
    relations: [],
    branches: [
      {
        repo: 'github.com/acme/billing',
        name: 'fix/webhook-retry',
        state: 'open',
        opened_at: NOW,
        landed_at: null,
        commit: null,
        not_landed_reason: null,
      },
    ],
    refs: [],
    created_by: ID.user,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

export const SESSION = {
  attached_project: { id: ID.project, name: 'billing' },
  thread: 'thr_AbCdEfGhIjKlMnOpQrStUvWx',
};

export const RUN = {
  id: ID.c,
  status: 'queued',
  requested_at: NOW,
  started_at: null,
  finished_at: null,
  error: null,
  started: true,
} as const;

/** A string of exactly n characters. */
export const chars = (n: number, c = 'a'): string => c.repeat(n);

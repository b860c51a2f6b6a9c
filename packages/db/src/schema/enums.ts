// Postgres enums for the closed vocabularies of the domain glossary.
import { pgEnum } from 'drizzle-orm/pg-core';

export const projectRole = pgEnum('project_role', ['owner', 'writer', 'reader']);

export const scopeKind = pgEnum('scope_kind', ['personal', 'project']);

export const memoryKind = pgEnum('memory_kind', [
  'fact',
  'preference',
  'decision',
  'instruction',
  'event',
  'observation',
  'note',
]);

/** A null loop_state means the memory is not an open loop at all. */
export const loopState = pgEnum('loop_state', ['open', 'closed']);

export const ruleStatus = pgEnum('rule_status', ['active', 'needs_review', 'retired']);

export const conflictKind = pgEnum('conflict_kind', ['contradiction', 'duplicate']);

export const conflictStatus = pgEnum('conflict_status', ['open', 'resolved', 'dismissed']);

export const cardType = pgEnum('card_type', ['story', 'bug', 'task', 'spike']);

export const cardState = pgEnum('card_state', ['backlog', 'active', 'review', 'done', 'dropped']);

export const cardRefKind = pgEnum('card_ref_kind', ['memory', 'card', 'url']);

export const jobStatus = pgEnum('job_status', ['queued', 'running', 'succeeded', 'failed']);

export const backupKind = pgEnum('backup_kind', ['daily', 'monthly', 'deploy']);

export const backupStatus = pgEnum('backup_status', ['running', 'succeeded', 'failed']);

// Memories: the durable facts, decisions and open loops agents store, with their retirement trail.
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, emptyTextArray, id, timestamptz, tsvector, updatedAt } from './columns';
import { loopState, memoryKind } from './enums';
import { projects } from './projects';
import { scopes } from './scopes';
import { users } from './users';

/** Where a memory came from; every key is optional because sources differ per client. */
export interface MemorySource {
  agent?: string;
  client?: string;
  conversationId?: string;
  transcriptChunkId?: string;
  [key: string]: unknown;
}

export const memories = pgTable(
  'memories',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopeId: uuid('scope_id')
      .notNull()
      .references(() => scopes.id, { onDelete: 'cascade' }),
    /** Derived from the scope by a trigger; null in a personal scope. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    kind: memoryKind('kind').notNull().default('note'),
    tags: text('tags').array().notNull().default(emptyTextArray),
    importance: real('importance').notNull().default(0.5),
    /** BCP-47; `en` is canonical. */
    language: text('language').notNull().default('en'),
    /** False only for rows written before detection existed: the language job detects them once. */
    languageDetected: boolean('language_detected').notNull().default(true),
    contentEn: text('content_en'),
    /** md5 of the content `content_en` was translated from: an edit changes it, an equal one is not sent twice. */
    translatedFrom: text('translated_from'),
    loopState: loopState('loop_state'),
    loopClosedAt: timestamptz('loop_closed_at'),
    eventAt: timestamptz('event_at'),
    source: jsonb('source').$type<MemorySource>().notNull().default({}),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Hash of the whitespace- and case-normalised content, for exact-duplicate detection. */
    contentHash: text('content_hash')
      .notNull()
      .generatedAlwaysAs(sql`public.svc_content_hash(content)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    invalidatedAt: timestamptz('invalidated_at'),
    invalidatedBy: uuid('invalidated_by').references(() => users.id, { onDelete: 'set null' }),
    invalidationReason: text('invalidation_reason'),
    sharedBy: uuid('shared_by').references(() => users.id, { onDelete: 'set null' }),
    sharedAt: timestamptz('shared_at'),
    /** English-stemmed content, translation and tags; the functions live in the foundation migration. */
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`public.svc_memory_tsv(content, content_en, tags)`),
  },
  (t) => [
    index('memories_scope_created_idx').on(t.scopeId, t.createdAt.desc()),
    index('memories_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    index('memories_project_idx').on(t.projectId),
    index('memories_scope_hash_idx').on(t.scopeId, t.contentHash),
    index('memories_open_loops_idx').on(t.ownerId).where(sql`${t.loopState} = 'open'`),
    // Its pending list is kept small, as on memory_search_docs (migration 0038).
    index('memories_tsv_idx').using('gin', t.tsv),
    // A query naming a time ("last Friday", "in 2023", "in June") also takes the memories of that
    // time, newest first: without these, each such recall read every memory (33 ms at 100k).
    index('memories_scope_event_idx')
      .on(t.scopeId, t.eventAt.desc())
      .where(sql`${t.eventAt} is not null`),
    index('memories_scope_event_month_idx')
      .on(t.scopeId, sql`extract(month from (${t.eventAt} at time zone 'UTC'))`)
      .where(sql`${t.eventAt} is not null`),
    // The translation job's backlog: memories not in English (whether their translation is stale is read per row).
    index('memories_untranslated_idx')
      .on(t.id)
      .where(sql`${t.language} <> 'en' and ${t.invalidatedAt} is null`),
    // The language job's backlog: rows stored before every write detected its language.
    index('memories_language_undetected_idx')
      .on(t.id)
      .where(sql`not ${t.languageDetected}`),
    check('memories_importance_check', sql`${t.importance} >= 0 and ${t.importance} <= 1`),
    check(
      'memories_loop_closed_check',
      sql`${t.loopClosedAt} is null or ${t.loopState} = 'closed'`,
    ),
  ],
);

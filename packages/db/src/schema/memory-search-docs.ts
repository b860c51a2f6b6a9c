// The lexical search document of each memory: its own terms plus the context that helps find it.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, tsvector } from './columns';
import { memories } from './memories';

/**
 * Written only by the `memories_search_doc` trigger (a SECURITY DEFINER function in the
 * search-docs migration), never by the service, so neighbouring text cannot be forged. `terms`
 * carries one BM25F field per tsvector weight: A the memory's own words, B its speaker, C the
 * words of up to two neighbouring memories on each side in the same conversation, D its date.
 */
export const memorySearchDocs = pgTable(
  'memory_search_docs',
  {
    memoryId: uuid('memory_id')
      .primaryKey()
      .references(() => memories.id, { onDelete: 'cascade' }),
    /** Copies of the memory's owner and scope, so the read policy is the one of `memories`. */
    ownerId: uuid('owner_id').notNull(),
    scopeId: uuid('scope_id').notNull(),
    /** The source conversation; memories of one conversation are each other's context. */
    conversation: text('conversation'),
    /** Event time, else write time: the order of a conversation's memories. */
    orderedAt: timestamptz('ordered_at').notNull(),
    /** Insertion order, breaking ties of orderedAt (a transcript imported in one transaction). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    terms: tsvector('terms').notNull(),
    /** BM25 lengths (token counts) of the own (A) and neighbour (C) fields. */
    ownLength: integer('own_length').notNull(),
    contextLength: integer('context_length').notNull(),
    refreshedAt: timestamptz('refreshed_at').notNull().defaultNow(),
  },
  (t) => [
    // Its pending list is kept small (migration 0038): the embedded database has no autovacuum to
    // flush it, and every search scans it whole.
    index('memory_search_docs_terms_idx').using('gin', t.terms),
    index('memory_search_docs_scope_idx').on(t.scopeId),
    // The newest matches of words that are all common (svc_search_doc_fields, newest_first): walked
    // newest first, filtered by the words, instead of reading every match to sort them (migration 0027).
    index('memory_search_docs_seq_idx').on(t.seq),
    index('memory_search_docs_conversation_idx')
      .on(t.ownerId, t.scopeId, t.conversation, t.orderedAt, t.seq)
      .where(sql`${t.conversation} is not null`),
  ],
);

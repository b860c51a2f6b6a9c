-- custom migration (idempotent): the search indexes' pending lists kept small.
--
-- A GIN index with fastupdate (the default) takes new entries into an unsorted pending list, merged
-- into its tree by VACUUM or when the list passes gin_pending_list_limit (4 MB by default); every
-- search through the index reads the whole list first. The embedded database has no autovacuum:
-- a store written through `remember` kept up to 4 MB pending, and each word a search looked up
-- read it (with 2,000 rewritten documents pending, 0.35 → 1.1 ms a word on a 10k store, and the
-- planner turned common words to sequential scans). At 256 kB the inserting transaction merges
-- the list every few hundred documents (about 0.1 ms more a write, amortised) and a lookup reads
-- at most 32 pending pages. The option takes effect at the next insert; nothing is rebuilt.
ALTER INDEX IF EXISTS public.memory_search_docs_terms_idx SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX IF EXISTS public.memories_tsv_idx SET (gin_pending_list_limit = 256);

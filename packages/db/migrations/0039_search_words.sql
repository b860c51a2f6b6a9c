-- custom migration (idempotent): each word's document frequency per scope and owner, kept as documents change.
--
-- BM25 weighs a query word by how many of the searched documents hold it. Counting that at search
-- time walked the word's GIN entries and checked each document's scope and owner (up to the common
-- bound of 1000 per word): 2-16 ms of a recall's plan at 100,000 memories, and a common word could
-- only be estimated from a sample. Here the counts are kept per (word, scope, owner) by a
-- statement-level trigger on memory_search_docs, like memory_search_totals (migration 0036): the sum
-- over the rows a caller may read is exactly the count over the documents they may read, and a
-- search reads one index entry per word and row.
--
-- A word is counted once per document whatever its fields (own words, speaker, neighbours, date),
-- as the document's tsvector holds it once. An update counts only the words it adds or removes. A
-- row whose documents are all gone is deleted.
--
-- On PostgreSQL a (word, scope, owner) row stays locked to the end of the writing transaction. One
-- memory's write is several statements on memory_search_docs (its document, then its neighbours'),
-- each locking its words in key order; two such transactions of one owner in one scope could take
-- words in crossing order across their statements and deadlock. So the (scope, owner) row of
-- memory_search_totals is taken first: these triggers fire after that table's (PostgreSQL fires a
-- table's triggers in name order: "words" after "totals"), and each statement also locks the rows
-- it touches (an update that changes no length leaves them to this trigger). Writers of one owner
-- into one scope take turns there, as they did before this table, before any word.
CREATE TABLE IF NOT EXISTS public.memory_search_words (
  lexeme text NOT NULL,
  scope_id uuid NOT NULL,
  owner_id uuid NOT NULL,
  docs bigint NOT NULL,
  PRIMARY KEY (lexeme, scope_id, owner_id)
);
--> statement-breakpoint
-- Transition tables per operation, as in svc_search_totals_apply.
CREATE OR REPLACE FUNCTION public.svc_search_words_apply()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM memory_search_totals t
    WHERE (t.scope_id, t.owner_id) IN (SELECT x.scope_id, x.owner_id FROM new_docs x)
    ORDER BY t.scope_id, t.owner_id FOR UPDATE;
    INSERT INTO memory_search_words AS t (lexeme, scope_id, owner_id, docs)
    SELECT u.lexeme, n.scope_id, n.owner_id, count(*)
    FROM new_docs n CROSS JOIN LATERAL unnest(tsvector_to_array(n.terms)) u(lexeme)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (lexeme, scope_id, owner_id) DO UPDATE SET docs = t.docs + excluded.docs;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM memory_search_totals t
    WHERE (t.scope_id, t.owner_id) IN (SELECT x.scope_id, x.owner_id FROM old_docs x)
    ORDER BY t.scope_id, t.owner_id FOR UPDATE;
    INSERT INTO memory_search_words AS t (lexeme, scope_id, owner_id, docs)
    SELECT u.lexeme, o.scope_id, o.owner_id, -count(*)
    FROM old_docs o CROSS JOIN LATERAL unnest(tsvector_to_array(o.terms)) u(lexeme)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (lexeme, scope_id, owner_id) DO UPDATE SET docs = t.docs + excluded.docs;
    DELETE FROM memory_search_words t
    USING old_docs o CROSS JOIN LATERAL unnest(tsvector_to_array(o.terms)) u(lexeme)
    WHERE t.lexeme = u.lexeme AND t.scope_id = o.scope_id AND t.owner_id = o.owner_id AND t.docs = 0;
  ELSE
    PERFORM 1 FROM memory_search_totals t
    WHERE (t.scope_id, t.owner_id) IN (SELECT x.scope_id, x.owner_id FROM (SELECT scope_id, owner_id FROM new_docs UNION SELECT scope_id, owner_id FROM old_docs) x)
    ORDER BY t.scope_id, t.owner_id FOR UPDATE;
    INSERT INTO memory_search_words AS t (lexeme, scope_id, owner_id, docs)
    SELECT d.lexeme, d.scope_id, d.owner_id, sum(d.n)
    FROM (
      SELECT u.lexeme, n.scope_id, n.owner_id, 1 AS n
      FROM new_docs n CROSS JOIN LATERAL unnest(tsvector_to_array(n.terms)) u(lexeme)
      UNION ALL
      SELECT u.lexeme, o.scope_id, o.owner_id, -1
      FROM old_docs o CROSS JOIN LATERAL unnest(tsvector_to_array(o.terms)) u(lexeme)
    ) d
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (lexeme, scope_id, owner_id) DO UPDATE SET docs = t.docs + excluded.docs;
    -- Words that left a (scope, owner) with their last document.
    DELETE FROM memory_search_words t
    USING old_docs o CROSS JOIN LATERAL unnest(tsvector_to_array(o.terms)) u(lexeme)
    WHERE t.lexeme = u.lexeme AND t.scope_id = o.scope_id AND t.owner_id = o.owner_id AND t.docs = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.svc_search_words_apply() FROM PUBLIC;
--> statement-breakpoint
-- No write sneaks between the triggers' creation and the count below.
LOCK TABLE public.memory_search_docs IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memory_search_words_insert AFTER INSERT ON public.memory_search_docs
  REFERENCING NEW TABLE AS new_docs
  FOR EACH STATEMENT EXECUTE FUNCTION public.svc_search_words_apply();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memory_search_words_update AFTER UPDATE ON public.memory_search_docs
  REFERENCING OLD TABLE AS old_docs NEW TABLE AS new_docs
  FOR EACH STATEMENT EXECUTE FUNCTION public.svc_search_words_apply();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memory_search_words_delete AFTER DELETE ON public.memory_search_docs
  REFERENCING OLD TABLE AS old_docs
  FOR EACH STATEMENT EXECUTE FUNCTION public.svc_search_words_apply();
--> statement-breakpoint
-- Counted afresh on every run of this file: the triggers keep the figures from here on.
DELETE FROM public.memory_search_words;
--> statement-breakpoint
INSERT INTO public.memory_search_words (lexeme, scope_id, owner_id, docs)
SELECT u.lexeme, d.scope_id, d.owner_id, count(*)
FROM public.memory_search_docs d CROSS JOIN LATERAL unnest(tsvector_to_array(d.terms)) u(lexeme)
GROUP BY 1, 2, 3;
--> statement-breakpoint
ALTER TABLE public.memory_search_words ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Readable exactly as the documents they count (memory_search_docs_select); written only by the trigger.
GRANT SELECT ON public.memory_search_words TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS memory_search_words_select ON public.memory_search_words;
--> statement-breakpoint
CREATE POLICY memory_search_words_select ON public.memory_search_words FOR SELECT TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()) OR scope_id = ANY ((SELECT svc_readable_scope_ids())::uuid[]));

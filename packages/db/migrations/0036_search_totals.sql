-- custom migration (idempotent): the searched collection's size and field lengths, kept as its documents change.
--
-- BM25 needs N and the average lengths of the own (A) and neighbour (C) fields over the documents a
-- caller searches. Counting them scanned those documents on every search of a small collection and,
-- for a large one, whenever its cached figures were older than 30 seconds: about 120 ms of reading
-- at 100,000 memories (180 MB of documents through 128 MB of buffers, pushing the HNSW graph's
-- pages out on the way). Here they are kept per scope and owner by a statement-level trigger on
-- memory_search_docs: one row per (scope, owner), so the sum over the rows a caller may read is
-- exactly the count over the documents they may read (memory_search_docs_select's rule applies to
-- both alike, row for row).
--
-- On PostgreSQL the row of a (scope, owner) stays locked from the trigger to the end of the writing
-- transaction, so one owner's concurrent writes into one scope take turns there; rows are updated in
-- key order. A statement that changes no length and moves no document updates no row; a row whose
-- documents are all gone is deleted (it would name an owner and a scope that hold nothing).
CREATE TABLE IF NOT EXISTS public.memory_search_totals (
  scope_id uuid NOT NULL,
  owner_id uuid NOT NULL,
  docs bigint NOT NULL,
  own_length bigint NOT NULL,
  context_length bigint NOT NULL,
  PRIMARY KEY (scope_id, owner_id)
);
--> statement-breakpoint
-- Transition tables per operation: an INSERT's trigger has only new_docs, a DELETE's only old_docs
-- (PL/pgSQL plans each branch's statement when it first runs, so the other names are never looked up).
CREATE OR REPLACE FUNCTION public.svc_search_totals_apply()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO memory_search_totals AS t (scope_id, owner_id, docs, own_length, context_length)
    SELECT n.scope_id, n.owner_id, count(*), sum(n.own_length), sum(n.context_length)
    FROM new_docs n GROUP BY n.scope_id, n.owner_id ORDER BY n.scope_id, n.owner_id
    ON CONFLICT (scope_id, owner_id) DO UPDATE SET docs = t.docs + excluded.docs,
      own_length = t.own_length + excluded.own_length, context_length = t.context_length + excluded.context_length;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO memory_search_totals AS t (scope_id, owner_id, docs, own_length, context_length)
    SELECT o.scope_id, o.owner_id, -count(*), -sum(o.own_length), -sum(o.context_length)
    FROM old_docs o GROUP BY o.scope_id, o.owner_id ORDER BY o.scope_id, o.owner_id
    ON CONFLICT (scope_id, owner_id) DO UPDATE SET docs = t.docs + excluded.docs,
      own_length = t.own_length + excluded.own_length, context_length = t.context_length + excluded.context_length;
    DELETE FROM memory_search_totals t USING old_docs o
    WHERE t.scope_id = o.scope_id AND t.owner_id = o.owner_id AND t.docs = 0;
  ELSE
    INSERT INTO memory_search_totals AS t (scope_id, owner_id, docs, own_length, context_length)
    SELECT d.scope_id, d.owner_id, sum(d.n), sum(d.own_length), sum(d.context_length)
    FROM (SELECT n.scope_id, n.owner_id, 1 AS n, n.own_length, n.context_length FROM new_docs n
          UNION ALL
          SELECT o.scope_id, o.owner_id, -1, -o.own_length, -o.context_length FROM old_docs o) d
    GROUP BY d.scope_id, d.owner_id
    HAVING sum(d.n) <> 0 OR sum(d.own_length) <> 0 OR sum(d.context_length) <> 0
    ORDER BY d.scope_id, d.owner_id
    ON CONFLICT (scope_id, owner_id) DO UPDATE SET docs = t.docs + excluded.docs,
      own_length = t.own_length + excluded.own_length, context_length = t.context_length + excluded.context_length;
    -- Documents moved out of a (scope, owner) may have emptied it.
    DELETE FROM memory_search_totals t USING old_docs o
    WHERE t.scope_id = o.scope_id AND t.owner_id = o.owner_id AND t.docs = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.svc_search_totals_apply() FROM PUBLIC;
--> statement-breakpoint
-- No write sneaks between the triggers' creation and the count below.
LOCK TABLE public.memory_search_docs IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memory_search_totals_insert AFTER INSERT ON public.memory_search_docs
  REFERENCING NEW TABLE AS new_docs
  FOR EACH STATEMENT EXECUTE FUNCTION public.svc_search_totals_apply();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memory_search_totals_update AFTER UPDATE ON public.memory_search_docs
  REFERENCING OLD TABLE AS old_docs NEW TABLE AS new_docs
  FOR EACH STATEMENT EXECUTE FUNCTION public.svc_search_totals_apply();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memory_search_totals_delete AFTER DELETE ON public.memory_search_docs
  REFERENCING OLD TABLE AS old_docs
  FOR EACH STATEMENT EXECUTE FUNCTION public.svc_search_totals_apply();
--> statement-breakpoint
-- Counted afresh on every run of this file: the triggers keep the figures from here on.
DELETE FROM public.memory_search_totals;
--> statement-breakpoint
INSERT INTO public.memory_search_totals (scope_id, owner_id, docs, own_length, context_length)
SELECT scope_id, owner_id, count(*), sum(own_length), sum(context_length)
FROM public.memory_search_docs GROUP BY scope_id, owner_id;
--> statement-breakpoint
ALTER TABLE public.memory_search_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Readable exactly as the documents they count (memory_search_docs_select); written only by the trigger.
GRANT SELECT ON public.memory_search_totals TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS memory_search_totals_select ON public.memory_search_totals;
--> statement-breakpoint
CREATE POLICY memory_search_totals_select ON public.memory_search_totals FOR SELECT TO svc_authenticated
  USING (owner_id = (SELECT svc_uid()) OR scope_id = ANY ((SELECT svc_readable_scope_ids())::uuid[]));

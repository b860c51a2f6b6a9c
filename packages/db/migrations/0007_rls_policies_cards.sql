-- custom migration (idempotent): row-level security on boards and everything on a card; access
-- follows the board's scope like memories (members read, owners and writers write).
ALTER TABLE public.boards ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON public.boards TO svc_authenticated;
--> statement-breakpoint
-- Only the name and the card counter change after creation (allocateCardNumber bumps the counter).
GRANT UPDATE (name, next_card_number) ON public.boards TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS boards_select ON public.boards;
--> statement-breakpoint
CREATE POLICY boards_select ON public.boards FOR SELECT TO svc_authenticated
  USING (svc_can_read_scope(scope_id));
--> statement-breakpoint
-- USING is visibility, so a reader's update is refused (42501) rather than skipped.
DROP POLICY IF EXISTS boards_write ON public.boards;
--> statement-breakpoint
CREATE POLICY boards_write ON public.boards FOR ALL TO svc_authenticated
  USING (svc_can_read_scope(scope_id)) WITH CHECK (svc_can_write_scope(scope_id));
--> statement-breakpoint
ALTER TABLE public.cards ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Cards are dropped through their state, never deleted by a caller.
GRANT SELECT, INSERT, UPDATE ON public.cards TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS cards_select ON public.cards;
--> statement-breakpoint
CREATE POLICY cards_select ON public.cards FOR SELECT TO svc_authenticated
  USING (svc_can_read_scope(svc_board_scope(board_id)));
--> statement-breakpoint
DROP POLICY IF EXISTS cards_write ON public.cards;
--> statement-breakpoint
CREATE POLICY cards_write ON public.cards FOR ALL TO svc_authenticated
  USING (svc_can_read_scope(svc_board_scope(board_id)))
  WITH CHECK (svc_can_write_scope(svc_board_scope(board_id)));
--> statement-breakpoint
ALTER TABLE public.card_relations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON public.card_relations TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS card_relations_select ON public.card_relations;
--> statement-breakpoint
CREATE POLICY card_relations_select ON public.card_relations FOR SELECT TO svc_authenticated
  USING (svc_can_read_scope(svc_card_scope(from_card_id)) AND svc_can_read_scope(svc_card_scope(to_card_id)));
--> statement-breakpoint
DROP POLICY IF EXISTS card_relations_write ON public.card_relations;
--> statement-breakpoint
CREATE POLICY card_relations_write ON public.card_relations FOR ALL TO svc_authenticated
  USING (svc_can_read_scope(svc_card_scope(from_card_id)))
  WITH CHECK (svc_can_write_scope(svc_card_scope(from_card_id)) AND svc_can_read_scope(svc_card_scope(to_card_id)));
--> statement-breakpoint
ALTER TABLE public.card_branches ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON public.card_branches TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS card_branches_select ON public.card_branches;
--> statement-breakpoint
CREATE POLICY card_branches_select ON public.card_branches FOR SELECT TO svc_authenticated
  USING (svc_can_read_scope(svc_card_scope(card_id)));
--> statement-breakpoint
DROP POLICY IF EXISTS card_branches_write ON public.card_branches;
--> statement-breakpoint
CREATE POLICY card_branches_write ON public.card_branches FOR ALL TO svc_authenticated
  USING (svc_can_read_scope(svc_card_scope(card_id)))
  WITH CHECK (svc_can_write_scope(svc_card_scope(card_id)));
--> statement-breakpoint
-- The log is append-only: no UPDATE or DELETE is granted, and a note is always the caller's.
ALTER TABLE public.card_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT ON public.card_log TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS card_log_select ON public.card_log;
--> statement-breakpoint
CREATE POLICY card_log_select ON public.card_log FOR SELECT TO svc_authenticated
  USING (svc_can_read_scope(svc_card_scope(card_id)));
--> statement-breakpoint
DROP POLICY IF EXISTS card_log_insert ON public.card_log;
--> statement-breakpoint
CREATE POLICY card_log_insert ON public.card_log FOR INSERT TO svc_authenticated
  WITH CHECK (author_id = svc_uid() AND svc_can_write_scope(svc_card_scope(card_id)));
--> statement-breakpoint
ALTER TABLE public.card_refs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON public.card_refs TO svc_authenticated;
--> statement-breakpoint
DROP POLICY IF EXISTS card_refs_select ON public.card_refs;
--> statement-breakpoint
CREATE POLICY card_refs_select ON public.card_refs FOR SELECT TO svc_authenticated
  USING (svc_can_read_scope(svc_card_scope(card_id)));
--> statement-breakpoint
DROP POLICY IF EXISTS card_refs_write ON public.card_refs;
--> statement-breakpoint
CREATE POLICY card_refs_write ON public.card_refs FOR ALL TO svc_authenticated
  USING (svc_can_read_scope(svc_card_scope(card_id)))
  WITH CHECK (svc_can_write_scope(svc_card_scope(card_id)));

-- A query naming a time ("last Friday", "in 2023", "in June") also takes the memories of that time,
-- newest first (the tim CTE of the candidates statement): without these it read every memory of
-- the searched scopes (33 ms a recall at 100k memories). Partial: most memories carry no event time.
CREATE INDEX "memories_scope_event_idx" ON "memories" USING btree ("scope_id","event_at" DESC NULLS LAST) WHERE "memories"."event_at" is not null;--> statement-breakpoint
CREATE INDEX "memories_scope_event_month_idx" ON "memories" USING btree ("scope_id",extract(month from ("event_at" at time zone 'UTC'))) WHERE "memories"."event_at" is not null;
ALTER TABLE "memories" ADD COLUMN "translated_from" text;--> statement-breakpoint
CREATE INDEX "memories_untranslated_idx" ON "memories" USING btree ("id") WHERE "memories"."language" <> 'en' and "memories"."invalidated_at" is null;--> statement-breakpoint
-- Language-model calls are usage too (`tool` = `llm.<purpose>`): their token counts, on the partitioned parent.
ALTER TABLE "usage_events" ADD COLUMN "prompt_tokens" integer;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "completion_tokens" integer;

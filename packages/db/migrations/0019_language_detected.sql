-- Rows written before every write detected its language were stored as `en`: they start undetected (false)
-- and the language job detects them once; every row written from here on was detected on write (true).
ALTER TABLE "memories" ADD COLUMN "language_detected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ALTER COLUMN "language_detected" SET DEFAULT true;--> statement-breakpoint
CREATE INDEX "memories_language_undetected_idx" ON "memories" USING btree ("id") WHERE not "memories"."language_detected";
--> statement-breakpoint
-- updated_at records a change of the memory itself. Detecting its language or storing its translation
-- derives columns from the same text: it must not make an old memory look freshly edited (the staleness
-- checks and "recently updated" read updated_at).
CREATE OR REPLACE FUNCTION public.svc_memories_touch_updated_at()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  derived constant text[] := ARRAY['language', 'language_detected', 'content_en', 'translated_from',
    'updated_at', 'tsv', 'content_hash'];
BEGIN
  IF (to_jsonb(NEW) - derived) IS NOT DISTINCT FROM (to_jsonb(OLD) - derived) THEN
    NEW.updated_at := OLD.updated_at;
  ELSE
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_touch_updated_at BEFORE UPDATE ON public.memories
  FOR EACH ROW EXECUTE FUNCTION public.svc_memories_touch_updated_at();

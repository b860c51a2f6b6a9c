-- Rows written before every write detected its language were stored as `en`: they start undetected (false)
-- and the language job detects them once; every row written from here on was detected on write (true).
ALTER TABLE "memories" ADD COLUMN "language_detected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ALTER COLUMN "language_detected" SET DEFAULT true;--> statement-breakpoint
CREATE INDEX "memories_language_undetected_idx" ON "memories" USING btree ("id") WHERE not "memories"."language_detected";

ALTER TABLE "card_branches" ADD COLUMN "landed_commit" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "no_branch_reason" text;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_owner_idx" ON "job_runs" USING btree ("owner_id","job_name","created_at" DESC NULLS LAST);
CREATE TABLE "memory_search_docs" (
	"memory_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"scope_id" uuid NOT NULL,
	"conversation" text,
	"ordered_at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "memory_search_docs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"terms" "tsvector" NOT NULL,
	"own_length" integer NOT NULL,
	"context_length" integer NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memory_search_docs" ADD CONSTRAINT "memory_search_docs_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_search_docs_terms_idx" ON "memory_search_docs" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "memory_search_docs_scope_idx" ON "memory_search_docs" USING btree ("scope_id");--> statement-breakpoint
CREATE INDEX "memory_search_docs_conversation_idx" ON "memory_search_docs" USING btree ("owner_id","scope_id","conversation","ordered_at","seq") WHERE "memory_search_docs"."conversation" is not null;
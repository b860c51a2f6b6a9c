-- custom migration (idempotent): the vector extension, the request roles and the immutable
-- functions that the generated columns of `memories` need before the tables exist.
CREATE EXTENSION IF NOT EXISTS vector;
--> statement-breakpoint
-- Roles are cluster-wide in server mode: a second database in the same cluster finds them present.
-- Databases of one cluster migrated at the same moment race to create them (the advisory lock is
-- per database): the loser meets the winner's catalog row as unique_violation, and that is fine too.
DO $$ BEGIN
  CREATE ROLE svc_authenticated NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  CREATE ROLE svc_anon NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- The service's own (privileged) login must be able to SET ROLE to both; a superuser already can,
-- a managed-database owner with CREATEROLE needs the membership.
DO $$ BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT svc_authenticated, svc_anon TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
-- array_to_string is only STABLE, so a generated column cannot call it directly; joining text
-- with a space is immutable in fact, which is what this wrapper declares.
CREATE OR REPLACE FUNCTION public.svc_memory_tsv(content text, content_en text, tags text[])
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(content_en, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'B')
$$;
--> statement-breakpoint
-- Exact-duplicate key: case and runs of whitespace do not make two memories different.
-- convert_to is STABLE only because of the encoding lookup; UTF8 is fixed here.
CREATE OR REPLACE FUNCTION public.svc_content_hash(content text)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT encode(sha256(convert_to(lower(btrim(regexp_replace(content, '\s+', ' ', 'g'))), 'UTF8')), 'hex')
$$;

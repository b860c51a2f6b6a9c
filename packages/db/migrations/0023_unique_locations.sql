-- Unique in the database what was looked up and then inserted.
--
-- A project set up at first sight of a git remote or repository path records that location as its key,
-- unique per creator: of concurrent first sights (several agents, several instances) one insert lands and
-- the others meet the index and read its project, where a lookup-then-insert made one project each.
ALTER TABLE "projects" ADD COLUMN "location_key" text;--> statement-breakpoint
-- Projects from before: one with a single remote (or a single path) gets that key. Twins already made by
-- the race keep none but the oldest, so the index can be built; they stay as they are otherwise.
UPDATE "projects" AS p SET "location_key" = k.key
FROM (
  SELECT id, key, row_number() OVER (PARTITION BY created_by, key ORDER BY created_at, id) AS rank
  FROM (
    SELECT id, created_by, created_at,
      CASE
        WHEN cardinality(git_remotes) = 1 AND cardinality(repo_paths) = 0 THEN 'remote:' || git_remotes[1]
        WHEN cardinality(repo_paths) = 1 AND cardinality(git_remotes) = 0 THEN 'path:' || repo_paths[1]
      END AS key
    FROM "projects"
    WHERE created_by IS NOT NULL
  ) AS located
  WHERE key IS NOT NULL
) AS k
WHERE p.id = k.id AND k.rank = 1;--> statement-breakpoint
-- A ref attached to a card at most once while attached: two agents attaching it at once make one live
-- attachment (the loser's insert meets the index and reports it already held). Live duplicates from
-- before keep the oldest; the others are marked detached at the moment they were attached.
UPDATE "card_refs" AS r SET "detached_at" = r.created_at
FROM (
  SELECT id, row_number() OVER (PARTITION BY card_id, ref_kind, ref ORDER BY created_at, id) AS rank
  FROM "card_refs"
  WHERE detached_at IS NULL
) AS d
WHERE r.id = d.id AND d.rank > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "card_refs_live_key" ON "card_refs" USING btree ("card_id","ref_kind","ref") WHERE "card_refs"."detached_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "projects_creator_location_key" ON "projects" USING btree ("created_by","location_key") WHERE "projects"."location_key" is not null;

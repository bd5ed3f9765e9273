-- The project list's cover (decision 012): each project row carries the paths of its first original
-- (upload order) and that original's latest staged image, kept by a trigger on project_images, so
-- every writer (web and worker processes, the retention job, cascading deletes) keeps it right.
CREATE FUNCTION "project_cover_refresh"(for_project uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Take the project row first, in its own statement: a transaction that waited here for another one
  -- writing images of the same project then reads a snapshot that includes them (READ COMMITTED).
  -- NO KEY UPDATE (the lock an UPDATE takes anyway) leaves the KEY SHARE of image inserts alone.
  PERFORM 1 FROM "projects" WHERE "id" = for_project FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN; -- the project itself is being deleted
  END IF;
  UPDATE "projects" p SET
    "cover_original_path" = c.original_path,
    "cover_original_thumbnail_path" = c.original_thumbnail_path,
    "cover_processed_path" = c.processed_path,
    "cover_processed_thumbnail_path" = c.processed_thumbnail_path
  FROM (
    SELECT o."file_path" AS original_path, o."thumbnail_path" AS original_thumbnail_path,
           s."file_path" AS processed_path, s."thumbnail_path" AS processed_thumbnail_path
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT "id", "file_path", "thumbnail_path" FROM "project_images"
      WHERE "project_id" = for_project AND "is_original"
      ORDER BY "created_at", "id" LIMIT 1
    ) o ON true
    LEFT JOIN LATERAL (
      SELECT "file_path", "thumbnail_path" FROM "project_images"
      WHERE "original_image_id" = o."id" AND NOT "is_original"
      ORDER BY "created_at" DESC, "id" DESC LIMIT 1
    ) s ON true
  ) c
  WHERE p."id" = for_project
    AND (p."cover_original_path", p."cover_original_thumbnail_path", p."cover_processed_path", p."cover_processed_thumbnail_path")
      IS DISTINCT FROM (c.original_path, c.original_thumbnail_path, c.processed_path, c.processed_thumbnail_path);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "project_images_cover_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "project_cover_refresh"(NEW."project_id");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "project_cover_refresh"(OLD."project_id");
  ELSE
    PERFORM "project_cover_refresh"(NEW."project_id");
    IF OLD."project_id" <> NEW."project_id" THEN
      PERFORM "project_cover_refresh"(OLD."project_id");
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "project_images_cover"
  AFTER INSERT OR DELETE OR UPDATE OF "project_id", "original_image_id", "is_original", "file_path", "thumbnail_path", "created_at"
  ON "project_images" FOR EACH ROW EXECUTE FUNCTION "project_images_cover_trigger"();
--> statement-breakpoint
SELECT "project_cover_refresh"("id") FROM "projects";

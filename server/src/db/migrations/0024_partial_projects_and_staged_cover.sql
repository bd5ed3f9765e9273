-- A project with some staged photos is partial, not failed (ADR 051), and its cover is a staged image
-- when it has one: the first original (upload order) that has a staged image, else the first original.
CREATE OR REPLACE FUNCTION "project_cover_refresh"(for_project uuid) RETURNS void LANGUAGE plpgsql AS $$
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
      SELECT i."id", i."file_path", i."thumbnail_path" FROM "project_images" i
      WHERE i."project_id" = for_project AND i."is_original"
      ORDER BY EXISTS (SELECT 1 FROM "project_images" x WHERE x."original_image_id" = i."id" AND NOT x."is_original") DESC,
               i."created_at", i."id"
      LIMIT 1
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
SELECT "project_cover_refresh"("id") FROM "projects";
--> statement-breakpoint
UPDATE "projects" p SET "status" = 'partial'
WHERE p."status" = 'failed'
  AND EXISTS (
    SELECT 1 FROM "project_images" o
    WHERE o."project_id" = p."id" AND o."is_original"
      AND EXISTS (SELECT 1 FROM "project_images" s WHERE s."original_image_id" = o."id" AND NOT s."is_original")
  );

-- The photos a share link shows (issue #35, decision 052): the originals the member chose, in
-- upload order; null shows every photo that has a staged image (links made before keep that).
ALTER TABLE "share_links" ADD COLUMN "image_ids" uuid[];

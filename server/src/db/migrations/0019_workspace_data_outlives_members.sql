-- Decision 046: a team workspace's projects, images, runs and share links outlive the account of
-- the member who created them. `user_id` on these rows names the creator (and the storage prefix of
-- the project's files); it no longer cascades from users. The purge deletes a user's own
-- (personal-workspace) rows explicitly; a shared workspace's rows stay.
ALTER TABLE "projects" DROP CONSTRAINT IF EXISTS "projects_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "project_images" DROP CONSTRAINT IF EXISTS "project_images_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "staging_runs" DROP CONSTRAINT IF EXISTS "staging_runs_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "share_links" DROP CONSTRAINT IF EXISTS "share_links_user_id_users_id_fk";

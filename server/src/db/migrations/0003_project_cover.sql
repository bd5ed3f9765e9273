DROP INDEX "project_images_original_idx";--> statement-breakpoint
DROP INDEX "projects_user_created_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_original_path" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_original_thumbnail_path" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_processed_path" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cover_processed_thumbnail_path" text;--> statement-breakpoint
CREATE INDEX "project_images_project_originals_idx" ON "project_images" USING btree ("project_id","created_at","id") WHERE "project_images"."is_original";--> statement-breakpoint
CREATE INDEX "project_images_original_idx" ON "project_images" USING btree ("original_image_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_user_created_idx" ON "projects" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
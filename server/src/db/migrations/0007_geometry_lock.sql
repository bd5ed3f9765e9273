ALTER TABLE "project_images" ADD COLUMN "alignment_error_px" real;--> statement-breakpoint
ALTER TABLE "project_images" ADD COLUMN "changed_share" real;--> statement-breakpoint
ALTER TABLE "project_images" ADD COLUMN "architecture_score" real;--> statement-breakpoint
ALTER TABLE "project_images" ADD COLUMN "change_mask_path" text;--> statement-breakpoint
ALTER TABLE "project_images" DROP COLUMN "fidelity_score";
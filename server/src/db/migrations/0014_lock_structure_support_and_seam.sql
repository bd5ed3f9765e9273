ALTER TABLE "image_variations" ADD COLUMN "structure_support" integer;--> statement-breakpoint
ALTER TABLE "image_variations" ADD COLUMN "seam" real;--> statement-breakpoint
ALTER TABLE "project_images" ADD COLUMN "structure_support" integer;--> statement-breakpoint
ALTER TABLE "project_images" ADD COLUMN "seam" real;
CREATE TABLE "image_variations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"original_image_id" uuid NOT NULL,
	"run_id" uuid,
	"position" integer NOT NULL,
	"file_path" text NOT NULL,
	"thumbnail_path" text,
	"change_mask_path" text,
	"mime_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"byte_size" integer,
	"engine" text,
	"alignment_error_px" real,
	"changed_share" real,
	"architecture_score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_images" ADD COLUMN "room_type" text;--> statement-breakpoint
ALTER TABLE "project_images" ADD COLUMN "room_group" text;--> statement-breakpoint
ALTER TABLE "image_variations" ADD CONSTRAINT "image_variations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_variations" ADD CONSTRAINT "image_variations_original_image_id_project_images_id_fk" FOREIGN KEY ("original_image_id") REFERENCES "public"."project_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_variations_original_idx" ON "image_variations" USING btree ("original_image_id","position");
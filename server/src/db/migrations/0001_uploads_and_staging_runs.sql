ALTER TABLE "staging_runs" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "staging_runs" ADD COLUMN "regeneration" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "byte_size" integer;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "consumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD CONSTRAINT "upload_tokens_image_id_project_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."project_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_tokens_object_key_idx" ON "upload_tokens" USING btree ("object_key");--> statement-breakpoint
CREATE INDEX "upload_tokens_expires_idx" ON "upload_tokens" USING btree ("expires_at");
ALTER TABLE "users" ADD COLUMN "oidc_link_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_source" text;
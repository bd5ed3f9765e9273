-- Where a project's photos will be published (issue 41, disclosure packs): decides the zip's layout and readme.
ALTER TABLE "projects" ADD COLUMN "publish_market" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_publish_market_check" CHECK ("publish_market" IN ('california', 'eu', 'other'));

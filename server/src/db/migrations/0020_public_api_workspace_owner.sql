-- Public API rows belong to a workspace (decision 043, revised): `owner_id` moves from users to
-- workspaces. Existing rows move to their user's personal workspace (the one whose billing account
-- the user is), so no key, render, listing, endpoint, delivery or idempotency record is lost.
ALTER TABLE "api_idempotency" DROP CONSTRAINT "api_idempotency_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "api_listings" DROP CONSTRAINT "api_listings_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "api_renders" DROP CONSTRAINT "api_renders_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_owner_id_users_id_fk";--> statement-breakpoint
UPDATE "api_idempotency" t SET "owner_id" = w."id" FROM "workspaces" w WHERE w."billing_user_id" = t."owner_id";--> statement-breakpoint
UPDATE "api_keys" t SET "owner_id" = w."id" FROM "workspaces" w WHERE w."billing_user_id" = t."owner_id";--> statement-breakpoint
UPDATE "api_listings" t SET "owner_id" = w."id" FROM "workspaces" w WHERE w."billing_user_id" = t."owner_id";--> statement-breakpoint
UPDATE "api_renders" t SET "owner_id" = w."id" FROM "workspaces" w WHERE w."billing_user_id" = t."owner_id";--> statement-breakpoint
UPDATE "webhook_deliveries" t SET "owner_id" = w."id" FROM "workspaces" w WHERE w."billing_user_id" = t."owner_id";--> statement-breakpoint
UPDATE "webhook_endpoints" t SET "owner_id" = w."id" FROM "workspaces" w WHERE w."billing_user_id" = t."owner_id";--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD CONSTRAINT "api_idempotency_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_listings" ADD CONSTRAINT "api_listings_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_renders" ADD CONSTRAINT "api_renders_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "api_render_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_render_slots" ADD CONSTRAINT "api_render_slots_owner_id_workspaces_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_render_slots_owner_idx" ON "api_render_slots" USING btree ("owner_id","created_at");

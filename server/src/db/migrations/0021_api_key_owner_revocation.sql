-- Decision 050: a removed member's API keys are revoked unless the remover keeps them knowingly.
-- `revoked_reason` tells a key revoked by hand from one revoked with its creator's membership;
-- `kept_by`/`kept_at` record who kept a key when its creator was removed, and when.
ALTER TABLE "api_keys" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "kept_by" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_kept_by_users_id_fk" FOREIGN KEY ("kept_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_creator_idx" ON "api_keys" USING btree ("owner_id","created_by");

CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"billing_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "staging_runs" ADD COLUMN "credits_user_id" uuid;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_billing_user_id_users_id_fk" FOREIGN KEY ("billing_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_idx" ON "workspace_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_one_owner_idx" ON "workspace_members" USING btree ("workspace_id") WHERE "workspace_members"."role" = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_billing_user_idx" ON "workspaces" USING btree ("billing_user_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_runs" ADD CONSTRAINT "staging_runs_credits_user_id_users_id_fk" FOREIGN KEY ("credits_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_workspace_created_idx" ON "projects" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Decision 041: every user has a personal workspace (its billing account is the user), made when the
-- user row is inserted, whoever inserts it; existing users get theirs here, their projects move in.
CREATE FUNCTION "workspace_personal_name"(u "users") RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(trim(coalesce(u."first_name", '') || ' ' || coalesce(u."last_name", '')), ''), u."email")
$$;--> statement-breakpoint
CREATE FUNCTION "workspace_create_personal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE new_workspace uuid;
BEGIN
  INSERT INTO "workspaces" ("name", "billing_user_id") VALUES ("workspace_personal_name"(NEW), NEW."id") RETURNING "id" INTO new_workspace;
  INSERT INTO "workspace_members" ("workspace_id", "user_id", "role") VALUES (new_workspace, NEW."id", 'owner');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_personal_workspace" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "workspace_create_personal"();--> statement-breakpoint
INSERT INTO "workspaces" ("name", "billing_user_id") SELECT "workspace_personal_name"(u), u."id" FROM "users" u;--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role") SELECT w."id", w."billing_user_id", 'owner' FROM "workspaces" w;--> statement-breakpoint
UPDATE "projects" p SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."billing_user_id" = p."user_id";--> statement-breakpoint
UPDATE "staging_runs" SET "credits_user_id" = "user_id";--> statement-breakpoint
-- A project inserted without a workspace goes to its creator's personal workspace.
CREATE FUNCTION "projects_default_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."workspace_id" IS NULL THEN
    SELECT "id" INTO NEW."workspace_id" FROM "workspaces" WHERE "billing_user_id" = NEW."user_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_default_workspace" BEFORE INSERT ON "projects" FOR EACH ROW EXECUTE FUNCTION "projects_default_workspace"();--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "workspace_id" SET DEFAULT NULL;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "workspace_id" SET NOT NULL;
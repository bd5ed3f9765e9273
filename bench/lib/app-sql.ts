/**
 * The exact SQL the app runs (drizzle's toSQL() of server/src/auth/session-store.ts findSessionUser
 * and server/src/projects/repository.ts listProjects), sent with pool.query: no ORM, no plugins
 * (cookie, helmet, origin check), no hooks, no schema serializer, no logger. (The app sends both as
 * named prepared statements; the bare routes send them unnamed.)
 */
export const SESSION_USER_SQL =
  'select "users"."id", "users"."email", "users"."password_hash", "users"."oidc_subject", "users"."first_name", "users"."last_name", "users"."profile_role", "users"."industry", "users"."role", "users"."subscription_plan", "users"."billing_cycle", "users"."subscription_status", "users"."stripe_customer_id", "users"."stripe_subscription_id", "users"."credits_used", "users"."credits_limit", "users"."credits_period_start", "users"."deletion_requested_at", "users"."deletion_scheduled_for", "users"."created_at", "users"."updated_at", "sessions"."expires_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."id" = $1 and "sessions"."expires_at" > now()) limit $2';
/** server/src/projects/repository.ts listProjects: each project with its cover (first original, its latest staged image), kept on the row by a trigger. */
export const PROJECTS_SQL =
  'select "id", "title", "category", "status", "created_at", "completed_at", "images_expired_at", "cover_original_path", "cover_original_thumbnail_path", "cover_processed_path", "cover_processed_thumbnail_path" from "projects" where "projects"."user_id" = $1 order by "projects"."created_at" desc, "projects"."id" desc limit $2';
/** Its parameters for a user (the list shows at most 500 projects). */
export const projectsParams = (userId: string) => [userId, 500];

/**
 * The exact SQL the app runs (drizzle's toSQL() of server/src/auth/session-store.ts findSessionUser
 * and server/src/projects/repository.ts listProjects), sent with pool.query: no ORM, no plugins
 * (cookie, helmet, origin check), no hooks, no schema serializer, no logger. (The app sends both as
 * named prepared statements; the bare routes send them unnamed.)
 */
export const SESSION_USER_SQL =
  'select "users"."id", "users"."email", "users"."password_hash", "users"."oidc_subject", "users"."first_name", "users"."last_name", "users"."profile_role", "users"."industry", "users"."role", "users"."subscription_plan", "users"."billing_cycle", "users"."subscription_status", "users"."stripe_customer_id", "users"."stripe_subscription_id", "users"."credits_used", "users"."credits_limit", "users"."credits_period_start", "users"."deletion_requested_at", "users"."deletion_scheduled_for", "users"."created_at", "users"."updated_at", "sessions"."expires_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."id" = $1 and "sessions"."expires_at" > now()) limit $2';
/** server/src/projects/repository.ts listProjects: each project with its first original and that original's latest staged image. */
export const PROJECTS_SQL =
  'select "projects"."id", "projects"."title", "projects"."category", "projects"."status", "projects"."created_at", "projects"."completed_at", "projects"."images_expired_at", "original"."file_path", "original"."thumbnail_path", "result"."file_path", "result"."thumbnail_path" from "projects" left join lateral (select "id", "file_path", "thumbnail_path" from "project_images" where ("project_images"."project_id" = "projects"."id" and "project_images"."is_original" = $1) order by "project_images"."created_at" asc, "project_images"."id" asc limit $2) "original" on true left join lateral (select "file_path", "thumbnail_path" from "project_images" "staged" where ("staged"."original_image_id" = "original"."id" and "staged"."is_original" = $3) order by "staged"."created_at" desc, "staged"."id" desc limit $4) "result" on true where "projects"."user_id" = $5 order by "projects"."created_at" desc, "projects"."id" desc limit $6';
/** Its parameters for a user (the list shows at most 500 projects). */
export const projectsParams = (userId: string) => [true, 1, false, 1, userId, 500];

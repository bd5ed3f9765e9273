/**
 * The exact SQL the app runs (drizzle's toSQL() of server/src/auth/session-store.ts findSessionUser,
 * server/src/projects/repository.ts listProjects and imagesOf), sent with pool.query: no ORM, no
 * plugins (cookie, helmet, origin check), no hooks, no schema serializer, no logger.
 */
export const SESSION_USER_SQL =
  'select "users"."id", "users"."email", "users"."password_hash", "users"."oidc_subject", "users"."first_name", "users"."last_name", "users"."profile_role", "users"."industry", "users"."role", "users"."subscription_plan", "users"."billing_cycle", "users"."subscription_status", "users"."stripe_customer_id", "users"."stripe_subscription_id", "users"."credits_used", "users"."credits_limit", "users"."credits_period_start", "users"."deletion_requested_at", "users"."deletion_scheduled_for", "users"."created_at", "users"."updated_at", "sessions"."expires_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."id" = $1 and "sessions"."expires_at" > now()) limit $2';
export const PROJECTS_SQL =
  'select "id", "user_id", "title", "category", "status", "style_name", "style_description", "completed_at", "images_expired_at", "created_at", "updated_at" from "projects" where "projects"."user_id" = $1 order by "projects"."created_at" desc, "projects"."id" desc limit $2';
export const imagesSql = (n: number) =>
  `select "id", "project_id", "user_id", "file_path", "thumbnail_path", "is_original", "mime_type", "original_image_id", "width", "height", "byte_size", "fidelity_score", "engine", "created_at" from "project_images" where "project_images"."project_id" in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')}) order by "project_images"."created_at" asc, "project_images"."id" asc`;

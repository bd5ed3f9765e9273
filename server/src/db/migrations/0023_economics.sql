-- Running the business (issue 38, decisions 054, 055): the operator's model choice per service,
-- model prices, provider spending limits, who changed what, and every engine call with its cost.
CREATE TABLE "engine_model_prices" (
	"model_id" text PRIMARY KEY NOT NULL,
	"price_micros" bigint NOT NULL CHECK ("price_micros" >= 0),
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "engine_choices" (
	"service" text PRIMARY KEY NOT NULL CHECK ("service" IN ('staging', 'removal')),
	"primary_model" text NOT NULL,
	"fallback_models" text[] DEFAULT '{}' NOT NULL,
	"fallback_on_refusal" boolean DEFAULT false NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "provider_spend_limits" (
	"provider" text PRIMARY KEY NOT NULL,
	"daily_micros" bigint CHECK ("daily_micros" >= 0),
	"monthly_micros" bigint CHECK ("monthly_micros" >= 0),
	"fallback_when_reached" boolean DEFAULT false NOT NULL,
	"warned_day" date,
	"warned_month" date,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "engine_settings_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('choice', 'price', 'limit')),
	"subject" text NOT NULL,
	"detail" jsonb NOT NULL,
	"changed_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"changed_by_email" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "engine_settings_log_changed_idx" ON "engine_settings_log" ("changed_at");--> statement-breakpoint
CREATE TABLE "engine_settings_version" (
	"id" integer PRIMARY KEY NOT NULL CHECK ("id" = 1),
	"version" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "engine_settings_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE TABLE "engine_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid REFERENCES "staging_runs"("id") ON DELETE set null,
	"service" text NOT NULL,
	"plan" text NOT NULL,
	"provider" text NOT NULL,
	"model_id" text NOT NULL,
	"strict" boolean DEFAULT false NOT NULL,
	"input_width" integer,
	"input_height" integer,
	"output_width" integer,
	"output_height" integer,
	"latency_ms" integer NOT NULL,
	"outcome" text NOT NULL CHECK ("outcome" IN ('returned', 'delivered', 'refused', 'failed')),
	"reason" text,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "engine_calls_provider_created_idx" ON "engine_calls" ("provider", "created_at");--> statement-breakpoint
CREATE INDEX "engine_calls_created_idx" ON "engine_calls" ("created_at");--> statement-breakpoint
CREATE INDEX "engine_calls_run_idx" ON "engine_calls" ("run_id");--> statement-breakpoint
ALTER TABLE "staging_runs" ADD COLUMN "delivered_by" text;--> statement-breakpoint
ALTER TABLE "staging_runs" ADD COLUMN "free_restage" boolean DEFAULT false NOT NULL;

CREATE TABLE "provider_budgets" (
	"provider" text PRIMARY KEY NOT NULL,
	"next_at" timestamp (3) with time zone NOT NULL
);

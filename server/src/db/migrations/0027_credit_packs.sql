-- Credit packs (issue 38 item 6, decision 061): one-off purchases through Stripe Checkout (payment
-- mode). The pool account holds the packs' credits left apart from the monthly allowance; they are
-- used after it and no monthly reset or plan change touches them. A run remembers how many of its
-- credits came from packs, so a refund gives them back to the packs. One row per paid Checkout
-- Session (unique: a duplicate or concurrent webhook delivery grants once).
ALTER TABLE "users" ADD COLUMN "pack_credits" integer DEFAULT 0 NOT NULL CHECK ("pack_credits" >= 0);--> statement-breakpoint
ALTER TABLE "staging_runs" ADD COLUMN "pack_credits" integer DEFAULT 0 NOT NULL CHECK ("pack_credits" >= 0);--> statement-breakpoint
CREATE TABLE "credit_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"bought_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"pack_id" text NOT NULL,
	"credits" integer NOT NULL CHECK ("credits" > 0),
	"checkout_session_id" text NOT NULL,
	"payment_intent_id" text,
	"invoice_id" text,
	"amount_cents" integer NOT NULL CHECK ("amount_cents" >= 0),
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"credits_revoked" integer DEFAULT 0 NOT NULL CHECK ("credits_revoked" >= 0),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "credit_packs_checkout_session_idx" ON "credit_packs" ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "credit_packs_payment_intent_idx" ON "credit_packs" ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "credit_packs_user_idx" ON "credit_packs" ("user_id", "created_at");

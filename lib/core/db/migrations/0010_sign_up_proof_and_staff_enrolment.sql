CREATE TABLE "pending_sign_up" (
	"email" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"profile" jsonb NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"expires_at" timestamp NOT NULL,
	"used_at" timestamp,
	CONSTRAINT "pending_sign_up_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "staff_enrol_email" text;--> statement-breakpoint
CREATE INDEX "pending_sign_up_expires_idx" ON "pending_sign_up" USING btree ("expires_at");--> statement-breakpoint
-- Staff who still have the address they were created with may enrol their first passkey from a link
-- to it; an account whose address came through a change needs an admin's passkey reset first.
UPDATE "user" SET "staff_enrol_email" = "email" WHERE "role" IN ('support', 'admin') AND "email_changed_at" IS NULL;

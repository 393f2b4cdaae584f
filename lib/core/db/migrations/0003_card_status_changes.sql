CREATE TABLE "card_status_change" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"platform_user_id" integer NOT NULL,
	"status" text NOT NULL,
	"by_role" text NOT NULL,
	"by_staff_email" text,
	"at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "card_status_change_card_idx" ON "card_status_change" USING btree ("card_id");
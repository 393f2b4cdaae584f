CREATE TABLE "charge_receipt" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"platform_user_id" integer NOT NULL,
	"sent_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "receipt_mail" boolean DEFAULT true NOT NULL;
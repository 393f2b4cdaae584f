CREATE TABLE "live_stream" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"client_key" text NOT NULL,
	"opened_at" timestamp DEFAULT now() NOT NULL,
	"renewed_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "created_at" timestamp;--> statement-breakpoint
ALTER TABLE "session" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "staff_granted_at" timestamp;--> statement-breakpoint
UPDATE "user" SET "staff_granted_at" = now() WHERE "role" IN ('support', 'admin');--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "live_stream_user_idx" ON "live_stream" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_stream_client_idx" ON "live_stream" USING btree ("client_key");
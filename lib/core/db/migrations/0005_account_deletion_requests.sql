CREATE TABLE "account_deletion_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"platform_user_id" integer NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"requested_at" timestamp DEFAULT now() NOT NULL,
	"due_at" timestamp NOT NULL,
	"closed_at" timestamp,
	"closed_by_email" text,
	"decline_reason" text
);
--> statement-breakpoint
ALTER TABLE "account_deletion_request" ADD CONSTRAINT "account_deletion_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletion_request_status_idx" ON "account_deletion_request" USING btree ("status");--> statement-breakpoint
CREATE INDEX "account_deletion_request_user_idx" ON "account_deletion_request" USING btree ("user_id");
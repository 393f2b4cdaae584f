CREATE TABLE "app_password_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_user_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"expires_at" timestamp NOT NULL,
	"used_at" timestamp,
	CONSTRAINT "app_password_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "app_password_link_user_idx" ON "app_password_link" USING btree ("platform_user_id");
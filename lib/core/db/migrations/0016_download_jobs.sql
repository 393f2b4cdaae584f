CREATE TABLE "download_job" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"step" text DEFAULT 'starting' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "download_job_created_idx" ON "download_job" USING btree ("created_at");
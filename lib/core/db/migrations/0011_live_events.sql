CREATE TABLE "live_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_user_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_callback" (
	"digest" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"received_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_event_user_idx" ON "live_event" USING btree ("platform_user_id","id");--> statement-breakpoint
CREATE INDEX "live_event_created_idx" ON "live_event" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "platform_callback_received_idx" ON "platform_callback" USING btree ("received_at");
CREATE TABLE "known_device" (
	"user_id" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"first_seen" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "known_device_user_id_browser_os_pk" PRIMARY KEY("user_id","browser","os")
);
--> statement-breakpoint
CREATE TABLE "session_device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_token" text NOT NULL,
	"user_id" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"first_seen" timestamp DEFAULT now() NOT NULL,
	"last_seen" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "session_device_session_token_unique" UNIQUE("session_token")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "new_device_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "known_device" ADD CONSTRAINT "known_device_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_device" ADD CONSTRAINT "session_device_session_token_session_sessionToken_fk" FOREIGN KEY ("session_token") REFERENCES "public"."session"("sessionToken") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_device" ADD CONSTRAINT "session_device_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_device_user_idx" ON "session_device" USING btree ("user_id");--> statement-breakpoint
-- Sessions from before devices were recorded: listed (and can be signed out) as an unknown device.
INSERT INTO "session_device" ("session_token", "user_id", "browser", "os")
SELECT "sessionToken", "userId", 'Unknown browser', 'unknown system' FROM "session";

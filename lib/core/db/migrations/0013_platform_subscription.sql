CREATE TABLE "platform_subscription" (
	"callback_url" text PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"kinds" text NOT NULL,
	"key_fingerprint" text NOT NULL,
	"signing_key" text,
	"created_at" timestamp DEFAULT now() NOT NULL
);

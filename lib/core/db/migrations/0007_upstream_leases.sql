CREATE TABLE "upstream_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp NOT NULL
);

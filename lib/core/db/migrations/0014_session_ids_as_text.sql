ALTER TABLE "session_ownership" ALTER COLUMN "session_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "charge_receipt" ALTER COLUMN "session_id" SET DATA TYPE text;
ALTER TABLE "end_user_notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_occurrences" ADD COLUMN "delivered" integer DEFAULT 0 NOT NULL;
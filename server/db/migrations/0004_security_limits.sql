CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Analytics ids are unique within their app only (the old primary key on id alone dropped another app's signal).
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_pkey";--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_app_id_id_pk" PRIMARY KEY("app_id","id");--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_session_id" uuid;
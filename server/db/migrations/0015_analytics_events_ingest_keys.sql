-- Ingest (issue 15) spends its time in PostgreSQL, and two parts of analytics_events' shape cost it most:
-- 1. The key led with the widget's random event id, so every insert landed on a random leaf of an index that
--    grows past the buffer cache with the table (and writes a full page image to WAL for each page it touches
--    first after a checkpoint), and a second index on (app_id, time) was kept beside it for the range reads.
--    The key's columns stay the same, so a re-sent event (same id, same time) is still refused by it, but in
--    the order (app_id, time, id): new signals land at the right edge of each app's range, and the key serves
--    the range reads, so the second index goes.
-- 2. The foreign key to apps checked each row on its own and took a share lock on the one apps row that all
--    concurrent batches of an app share. The insert statement already reads the app (and stores nothing for an
--    unknown or Inactive one); deleting an app's signals with the app is kept by a statement trigger on apps.
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_app_id_apps_id_fk";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_app_id_id_time_pk";--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_app_id_time_id_pk" PRIMARY KEY ("app_id", "time", "id");--> statement-breakpoint
DROP INDEX "analytics_events_app_time_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_events_delete_apps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM analytics_events e USING deleted_apps d WHERE e.app_id = d.id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_events_delete_apps AFTER DELETE ON apps REFERENCING OLD TABLE AS deleted_apps
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_delete_apps();

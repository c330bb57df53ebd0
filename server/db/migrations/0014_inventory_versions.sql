-- Inventory search (issue 16) keeps each app's vehicles as an in-memory column snapshot and must know when it
-- is stale without counting or scanning the table: every statement that writes dealer_vehicles (CSV import,
-- integration batch, console delete, the apps' cascade) gives the apps it touched a new version from one
-- sequence, in its own transaction, so the version and the rows become visible together. No foreign key to
-- apps: the cascade that deletes an app's vehicles fires the delete trigger after the app row is gone.
CREATE SEQUENCE "dealer_inventory_version_seq";--> statement-breakpoint
CREATE TABLE "dealer_inventory_versions" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dealer_inventory_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO dealer_inventory_versions (app_id, version)
		SELECT app_id, nextval('dealer_inventory_version_seq') FROM (SELECT DISTINCT app_id FROM changed_rows) apps
		ON CONFLICT (app_id) DO UPDATE SET version = excluded.version;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dealer_inventory_inserted AFTER INSERT ON dealer_vehicles REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION dealer_inventory_bump();--> statement-breakpoint
CREATE TRIGGER dealer_inventory_updated AFTER UPDATE ON dealer_vehicles REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION dealer_inventory_bump();--> statement-breakpoint
CREATE TRIGGER dealer_inventory_deleted AFTER DELETE ON dealer_vehicles REFERENCING OLD TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION dealer_inventory_bump();

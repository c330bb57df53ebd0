CREATE TABLE "analytics_rollup_queue" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"signal" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"platform" text DEFAULT 'Web' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"app_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"platform" text DEFAULT 'Web' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "analytics_rollups_app_id_metric_bucket_key_platform_location_pk" PRIMARY KEY("app_id","metric","bucket","key","platform","location")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"app_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"platform" text DEFAULT 'Web' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	CONSTRAINT "analytics_visitors_app_id_bucket_user_id_platform_location_pk" PRIMARY KEY("app_id","bucket","user_id","platform","location")
);
--> statement-breakpoint
-- analytics_events becomes a table partitioned by month of "time" (drizzle-kit cannot declare partitions, so
-- this part is written by hand; the schema file declares the same columns and key). The old table is renamed,
-- its rows copied through the new table's trigger (which queues them for the rollups), then dropped.
ALTER TABLE "analytics_events" RENAME TO "analytics_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "analytics_events_unpartitioned" RENAME CONSTRAINT "analytics_events_app_id_id_pk" TO "analytics_events_unpartitioned_pk";--> statement-breakpoint
ALTER TABLE "analytics_events_unpartitioned" RENAME CONSTRAINT "analytics_events_app_id_apps_id_fk" TO "analytics_events_unpartitioned_fk";--> statement-breakpoint
ALTER INDEX "analytics_events_app_time_idx" RENAME TO "analytics_events_unpartitioned_time_idx";--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" text,
	"platform" text DEFAULT 'Web' NOT NULL,
	"name" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_events_app_id_id_time_pk" PRIMARY KEY("app_id","id","time")
) PARTITION BY RANGE ("time");--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_app_time_idx" ON "analytics_events" USING btree ("app_id","time");--> statement-breakpoint
-- One partition per UTC month, named analytics_events_pYYYYMM; the maintenance job (server/jobs/analytics-maintenance.ts)
-- calls this for the months ahead and drops the ones past the retention setting.
CREATE OR REPLACE FUNCTION analytics_ensure_partitions(first_month date, last_month date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	m date := date_trunc('month', first_month)::date;
	made integer := 0;
BEGIN
	WHILE m <= last_month LOOP
		IF to_regclass('analytics_events_p' || to_char(m, 'YYYYMM')) IS NULL THEN
			EXECUTE format('CREATE TABLE %I PARTITION OF analytics_events FOR VALUES FROM (%L) TO (%L)',
				'analytics_events_p' || to_char(m, 'YYYYMM'),
				to_char(m, 'YYYY-MM-DD') || ' 00:00:00+00',
				to_char((m + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+00');
			made := made + 1;
		END IF;
		m := (m + interval '1 month')::date;
	END LOOP;
	RETURN made;
END $$;--> statement-breakpoint
-- Every stored signal is queued for the rollups by one statement trigger, whoever inserts it (the ingest call,
-- the geofence enter call). ON CONFLICT DO NOTHING leaves skipped duplicates out of new_rows.
CREATE OR REPLACE FUNCTION analytics_events_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO analytics_rollup_queue (app_id, at, name, signal, user_id, platform, location, data)
	SELECT app_id, "time", name, true, user_id, platform, coalesce(data->>'location', ''), data FROM new_rows;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_events_queue AFTER INSERT ON analytics_events REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_queue();--> statement-breakpoint
SELECT analytics_ensure_partitions((now() - interval '2 months')::date, (now() + interval '3 months')::date);--> statement-breakpoint
-- Only the months that hold rows (a wrong device clock may have sent a far year) get a partition of their own.
SELECT analytics_ensure_partitions(m, m) FROM (SELECT DISTINCT date_trunc('month', "time" AT TIME ZONE 'UTC')::date AS m FROM analytics_events_unpartitioned) months;--> statement-breakpoint
INSERT INTO "analytics_events" SELECT "id", "app_id", "user_id", "platform", "name", "time", "data", "received_at" FROM "analytics_events_unpartitioned";--> statement-breakpoint
DROP TABLE "analytics_events_unpartitioned";--> statement-breakpoint
-- Records counted on the dashboards are queued by triggers on their own tables, so every writer (widget,
-- portal, console, sender, service worker receipt) is counted without each remembering to.
CREATE OR REPLACE FUNCTION analytics_queue_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'redemptions' THEN
		INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, data)
		SELECT app_id, created_at, 'redemption', end_user_id::text, jsonb_build_object('key', offer_id::text) FROM new_rows;
	ELSIF TG_TABLE_NAME = 'leads' THEN
		INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, data)
		SELECT app_id, created_at, 'lead', user_id,
			jsonb_build_object('key', source) || CASE WHEN context ? 'inventoryId' THEN jsonb_build_object('inventoryId', context->>'inventoryId') ELSE '{}'::jsonb END
		FROM new_rows;
	ELSIF TG_TABLE_NAME = 'form_data' THEN
		INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, data)
		SELECT app_id, created_at, 'form_submission', user_id, jsonb_build_object('key', feature_id) FROM new_rows;
	ELSIF TG_TABLE_NAME = 'geofence_completions' THEN
		INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, data)
		SELECT app_id, completed_at, 'geofence_completion', user_id, jsonb_build_object('key', geofence_id::text) FROM new_rows;
	ELSIF TG_TABLE_NAME = 'push_deliveries' THEN
		INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, platform, data)
		SELECT s.app_id, coalesce(n.sent_at, now()), 'push_sent', s.user_id, s.platform, jsonb_build_object('key', o.push_id::text)
		FROM new_rows n JOIN old_rows p ON p.occurrence_id = n.occurrence_id AND p.subscription_id = n.subscription_id
		JOIN push_subscriptions s ON s.id = n.subscription_id
		JOIN push_occurrences o ON o.id = n.occurrence_id
		WHERE n.state = 'sent' AND p.state IS DISTINCT FROM 'sent';
	ELSIF TG_TABLE_NAME = 'end_user_notifications' THEN
		INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, data)
		SELECT n.app_id, n.delivered_at, 'push_delivered', n.user_id, jsonb_build_object('key', o.push_id::text)
		FROM new_rows n JOIN old_rows p ON p.id = n.id JOIN push_occurrences o ON o.id = n.occurrence_id
		WHERE n.delivered_at IS NOT NULL AND p.delivered_at IS NULL
		UNION ALL
		SELECT n.app_id, n.opened_at, 'push_opened', n.user_id, jsonb_build_object('key', o.push_id::text)
		FROM new_rows n JOIN old_rows p ON p.id = n.id JOIN push_occurrences o ON o.id = n.occurrence_id
		WHERE n.opened_at IS NOT NULL AND p.opened_at IS NULL;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER analytics_queue_redemptions AFTER INSERT ON redemptions REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_queue_records();--> statement-breakpoint
CREATE TRIGGER analytics_queue_leads AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_queue_records();--> statement-breakpoint
CREATE TRIGGER analytics_queue_form_data AFTER INSERT ON form_data REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_queue_records();--> statement-breakpoint
CREATE TRIGGER analytics_queue_geofence_completions AFTER INSERT ON geofence_completions REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_queue_records();--> statement-breakpoint
CREATE TRIGGER analytics_queue_push_deliveries AFTER UPDATE ON push_deliveries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_queue_records();--> statement-breakpoint
CREATE TRIGGER analytics_queue_end_user_notifications AFTER UPDATE ON end_user_notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_queue_records();--> statement-breakpoint
-- What was recorded before this migration is queued once, like the signals above.
INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, data)
	SELECT app_id, created_at, 'redemption', end_user_id::text, jsonb_build_object('key', offer_id::text) FROM redemptions;--> statement-breakpoint
INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, data)
	SELECT app_id, created_at, 'lead', user_id, jsonb_build_object('key', source) FROM leads;--> statement-breakpoint
INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, data)
	SELECT app_id, created_at, 'form_submission', user_id, jsonb_build_object('key', feature_id) FROM form_data;--> statement-breakpoint
INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, data)
	SELECT app_id, completed_at, 'geofence_completion', user_id, jsonb_build_object('key', geofence_id::text) FROM geofence_completions;--> statement-breakpoint
INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, platform, data)
	SELECT s.app_id, d.sent_at, 'push_sent', s.user_id, s.platform, jsonb_build_object('key', o.push_id::text)
	FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id JOIN push_occurrences o ON o.id = d.occurrence_id
	WHERE d.state = 'sent' AND d.sent_at IS NOT NULL;--> statement-breakpoint
INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, data)
	SELECT n.app_id, n.delivered_at, 'push_delivered', n.user_id, jsonb_build_object('key', o.push_id::text)
	FROM end_user_notifications n JOIN push_occurrences o ON o.id = n.occurrence_id WHERE n.delivered_at IS NOT NULL;--> statement-breakpoint
INSERT INTO analytics_rollup_queue (app_id, at, name, user_id, data)
	SELECT n.app_id, n.opened_at, 'push_opened', n.user_id, jsonb_build_object('key', o.push_id::text)
	FROM end_user_notifications n JOIN push_occurrences o ON o.id = n.occurrence_id WHERE n.opened_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_rollups" ADD CONSTRAINT "analytics_rollups_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_visitors" ADD CONSTRAINT "analytics_visitors_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;
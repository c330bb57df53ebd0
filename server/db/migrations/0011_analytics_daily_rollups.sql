CREATE TABLE "analytics_rollups_daily" (
	"app_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"platform" text DEFAULT 'Web' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "analytics_rollups_daily_app_id_metric_day_key_platform_location_pk" PRIMARY KEY("app_id","metric","day","key","platform","location")
);
--> statement-breakpoint
ALTER TABLE "analytics_rollups_daily" ADD CONSTRAINT "analytics_rollups_daily_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What 0009's rollups already hold, per UTC day.
INSERT INTO "analytics_rollups_daily" ("app_id", "metric", "day", "key", "platform", "location", "value")
	SELECT "app_id", "metric", ("bucket" AT TIME ZONE 'UTC')::date, "key", "platform", "location", sum("value")
	FROM "analytics_rollups" GROUP BY 1, 2, 3, 4, 5, 6;

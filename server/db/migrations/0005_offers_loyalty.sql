CREATE TABLE "offer_apps" (
	"offer_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_apps_offer_id_app_id_pk" PRIMARY KEY("offer_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_app_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"personalized" boolean DEFAULT false NOT NULL,
	"hide_dates" boolean DEFAULT false NOT NULL,
	"link" text,
	"category" text,
	"once_per_user" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personalized_specials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"end_user_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"end_user_id" uuid NOT NULL,
	"personalized_special_id" uuid,
	"location_id" text,
	"channel" text NOT NULL,
	"recorded_by" uuid,
	"once_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_package_items" (
	"package_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "special_package_items_package_id_offer_id_pk" PRIMARY KEY("package_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "special_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"feature_id" text NOT NULL,
	"end_user_id" uuid NOT NULL,
	"stamps" integer DEFAULT 0 NOT NULL,
	"stamp_number" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_cards_stamps_range" CHECK ("loyalty_cards"."stamps" >= 0 and "loyalty_cards"."stamps" <= "loyalty_cards"."stamp_number")
);
--> statement-breakpoint
CREATE TABLE "loyalty_stamps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"end_user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"staff_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_balances" (
	"app_id" uuid NOT NULL,
	"end_user_id" uuid NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_balances_app_id_end_user_id_pk" PRIMARY KEY("app_id","end_user_id"),
	CONSTRAINT "points_balances_not_negative" CHECK ("points_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"end_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"note" text,
	"visit_ref" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_programs" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_apps" ADD CONSTRAINT "offer_apps_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_apps" ADD CONSTRAINT "offer_apps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_owner_app_id_apps_id_fk" FOREIGN KEY ("owner_app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_specials" ADD CONSTRAINT "personalized_specials_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_specials" ADD CONSTRAINT "personalized_specials_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_specials" ADD CONSTRAINT "personalized_specials_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalized_specials" ADD CONSTRAINT "personalized_specials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_personalized_special_id_personalized_specials_id_fk" FOREIGN KEY ("personalized_special_id") REFERENCES "public"."personalized_specials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_package_items" ADD CONSTRAINT "special_package_items_package_id_special_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."special_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_package_items" ADD CONSTRAINT "special_package_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_packages" ADD CONSTRAINT "special_packages_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_stamps" ADD CONSTRAINT "loyalty_stamps_card_id_loyalty_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."loyalty_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_stamps" ADD CONSTRAINT "loyalty_stamps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_stamps" ADD CONSTRAINT "loyalty_stamps_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_stamps" ADD CONSTRAINT "loyalty_stamps_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_balances" ADD CONSTRAINT "points_balances_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_balances" ADD CONSTRAINT "points_balances_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_programs" ADD CONSTRAINT "points_programs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_apps_app_idx" ON "offer_apps" USING btree ("app_id","position");--> statement-breakpoint
CREATE INDEX "offers_owner_idx" ON "offers" USING btree ("owner_app_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "personalized_specials_offer_user_idx" ON "personalized_specials" USING btree ("offer_id","end_user_id");--> statement-breakpoint
CREATE INDEX "personalized_specials_app_user_idx" ON "personalized_specials" USING btree ("app_id","end_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_once_idx" ON "redemptions" USING btree ("once_key");--> statement-breakpoint
CREATE INDEX "redemptions_app_offer_idx" ON "redemptions" USING btree ("app_id","offer_id","created_at");--> statement-breakpoint
CREATE INDEX "redemptions_user_idx" ON "redemptions" USING btree ("end_user_id");--> statement-breakpoint
CREATE INDEX "special_packages_app_idx" ON "special_packages" USING btree ("app_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_cards_open_idx" ON "loyalty_cards" USING btree ("app_id","feature_id","end_user_id") WHERE completed_at is null;--> statement-breakpoint
CREATE INDEX "loyalty_cards_user_idx" ON "loyalty_cards" USING btree ("app_id","end_user_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_stamps_card_idx" ON "loyalty_stamps" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "points_entries_user_idx" ON "points_entries" USING btree ("app_id","end_user_id","created_at");--> statement-breakpoint
-- Stored definitions were never checked for these lists, so dates and flags are read through casts that answer
-- null instead of failing ('2026-02-30', 'maybe'): one bad entry must not stop the upgrade (0006 uses the same).
CREATE OR REPLACE FUNCTION pg_temp.try_timestamptz(v text) RETURNS timestamptz LANGUAGE plpgsql AS $$
BEGIN
  IF v !~ '^\d{4}-\d{2}-\d{2}' THEN RETURN NULL; END IF;
  RETURN v::timestamptz;
EXCEPTION WHEN others THEN RETURN NULL;
END $$;--> statement-breakpoint
-- Coupons and events move out of apps.definition into offers (issue 12). An offer keeps its id when that id is
-- a UUID used by one app only; otherwise (a copied definition, a malformed id) it gets one derived from the app,
-- the kind and its place, so running this on any data set is deterministic. Order in the app = order in the array.
CREATE TEMP TABLE "moved_offers" AS
SELECT
  a."id" AS "app_id",
  k."kind",
  e."n",
  e."c",
  CASE
    WHEN (e."c"->>'id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      AND count(*) OVER (PARTITION BY lower(e."c"->>'id')) = 1
    THEN (e."c"->>'id')::uuid
    ELSE md5(a."id"::text || ':' || k."kind" || ':' || e."n"::text)::uuid
  END AS "offer_id"
FROM "apps" a
CROSS JOIN (VALUES ('coupon', 'coupons'), ('event', 'events')) AS k("kind", "part")
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(a."definition"->k."part") = 'array' THEN a."definition"->k."part" ELSE '[]'::jsonb END
) WITH ORDINALITY AS e("c", "n")
WHERE jsonb_typeof(e."c") = 'object' AND coalesce(e."c"->>'title', '') <> '';--> statement-breakpoint
INSERT INTO "offers" ("id", "kind", "owner_app_id", "title", "description", "image", "starts_at", "ends_at",
  "personalized", "hide_dates", "link", "category")
SELECT
  m."offer_id", m."kind", m."app_id", m."c"->>'title', m."c"->>'description', m."c"->>'image',
  pg_temp.try_timestamptz(m."c"->>'from'),
  pg_temp.try_timestamptz(m."c"->>'to'),
  coalesce(jsonb_typeof(m."c"->'personalized') = 'boolean' AND (m."c"->'personalized')::boolean, false),
  coalesce(jsonb_typeof(m."c"->'hideDates') = 'boolean' AND (m."c"->'hideDates')::boolean, false),
  CASE WHEN m."kind" = 'event' THEN m."c"->>'link' END,
  m."c"->>'category'
FROM "moved_offers" m;--> statement-breakpoint
-- The owner app shows it where it was; other apps named in `apps` show it at the end of their list.
INSERT INTO "offer_apps" ("offer_id", "app_id", "position")
SELECT m."offer_id", m."app_id", m."n"::integer - 1 FROM "moved_offers" m;--> statement-breakpoint
INSERT INTO "offer_apps" ("offer_id", "app_id", "position")
SELECT DISTINCT m."offer_id", o."id", 1000000
FROM "moved_offers" m
CROSS JOIN LATERAL jsonb_array_elements_text(
  CASE WHEN jsonb_typeof(m."c"->'apps') = 'array' THEN m."c"->'apps' ELSE '[]'::jsonb END
) AS x("app")
JOIN "apps" o ON o."id"::text = lower(x."app")
WHERE o."id" <> m."app_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "moved_offers";--> statement-breakpoint
UPDATE "apps" SET "definition" = "definition" - 'coupons' - 'events'
WHERE "definition" ? 'coupons' OR "definition" ? 'events';

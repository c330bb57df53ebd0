-- Unique visitors from mergeable sketches (issue 15): a dashboard over a year must not count distinct users
-- in the raw 15-minute visitor rows. One sketch per app, platform, location and UTC day, and per UTC hour (a
-- local day in a zone behind or ahead of UTC is whole hours of two UTC days). A sketch keeps its users'
-- 64-bit hashes while there are at most 512 of them (the count is then exact, and so is the union of such
-- sketches); past that it keeps 4,096 HyperLogLog registers instead (standard error 1.04/sqrt(4096), about
-- 1.6 %). Registers merge by taking the larger value per index, so any range is the merge of its days' and
-- hours' sketches. server/ops/analytics-sketch.ts reads them with the same hash layout as below.
CREATE TABLE "analytics_visitor_sketches" (
	"app_id" uuid NOT NULL,
	"span" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"platform" text DEFAULT 'Web' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"hashes" bytea,
	"registers" bytea,
	CONSTRAINT "analytics_visitor_sketches_pk" PRIMARY KEY("app_id","span","start","platform","location")
);
--> statement-breakpoint
ALTER TABLE "analytics_visitor_sketches" ADD CONSTRAINT "analytics_visitor_sketches_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Both stay uncompressed in the row (at most 4 kB, which fits a page): a report reads hundreds at once.
ALTER TABLE "analytics_visitor_sketches" ALTER COLUMN "registers" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "analytics_visitor_sketches" ALTER COLUMN "hashes" SET STORAGE PLAIN;--> statement-breakpoint
-- A user's hash, 8 bytes big-endian ("hashes" is a sorted run of them, read by the report as they are). The
-- low 12 bits pick the register; the register's value is the leading zeros of the other 52 bits, plus one.
CREATE OR REPLACE FUNCTION analytics_user_hash(user_id text) RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT int8send(hashtextextended(user_id, 0))
$$;--> statement-breakpoint
-- Sets the registers of the packed `hashes` in `registers` (a new all-zero array when null).
CREATE OR REPLACE FUNCTION analytics_hll_add(registers bytea, hashes bytea) RETURNS bytea LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
	r bytea := coalesce(registers, decode(repeat('00', 4096), 'hex'));
	b bit(64);
	i integer;
	v integer;
BEGIN
	FOR o IN 0..coalesce(length(hashes), 0) / 8 - 1 LOOP
		b := ('x' || encode(substring(hashes FROM o * 8 + 1 FOR 8), 'hex'))::bit(64);
		i := substring(b FROM 53 FOR 12)::integer;
		v := position(B'1' IN substring(b FROM 1 FOR 52));
		IF v = 0 THEN
			v := 53;
		END IF;
		IF get_byte(r, i) < v THEN
			r := set_byte(r, i, v);
		END IF;
	END LOOP;
	RETURN r;
END $$;--> statement-breakpoint
-- The union of two sketches (hashes, registers): exact while both are exact and the union has at most 512
-- users, else registers (the larger value per index).
CREATE OR REPLACE FUNCTION analytics_sketch_merge(hashes1 bytea, registers1 bytea, hashes2 bytea, registers2 bytea,
	OUT hashes bytea, OUT registers bytea) LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
	IF registers1 IS NULL AND registers2 IS NULL THEN
		SELECT string_agg(h, ''::bytea ORDER BY h) INTO hashes FROM (
			SELECT DISTINCT substring(x.b FROM o * 8 + 1 FOR 8) AS h
			FROM (VALUES (hashes1), (hashes2)) x(b), generate_series(0, coalesce(length(x.b), 0) / 8 - 1) o
		) u;
		IF coalesce(length(hashes), 0) <= 512 * 8 THEN
			RETURN;
		END IF;
		registers := analytics_hll_add(NULL, hashes);
		hashes := NULL;
	ELSIF registers2 IS NULL THEN
		registers := analytics_hll_add(registers1, hashes2);
	ELSIF registers1 IS NULL THEN
		registers := analytics_hll_add(registers2, hashes1);
	ELSE
		registers := registers1;
		FOR i IN 0..4095 LOOP
			IF get_byte(registers2, i) > get_byte(registers, i) THEN
				registers := set_byte(registers, i, get_byte(registers2, i));
			END IF;
		END LOOP;
	END IF;
END $$;--> statement-breakpoint
-- What 0009's visitor rows already hold.
INSERT INTO "analytics_visitor_sketches" ("app_id", "span", "start", "platform", "location", "hashes", "registers")
	SELECT u."app_id", u.span, u."start", u."platform", u."location", m.hashes, m.registers
	FROM (
		SELECT "app_id", s.span, CASE WHEN s.span = 'day' THEN date_trunc('day', "bucket" AT TIME ZONE 'UTC') ELSE date_trunc('hour', "bucket" AT TIME ZONE 'UTC') END AT TIME ZONE 'UTC' AS "start",
			"platform", "location", string_agg(DISTINCT analytics_user_hash("user_id"), ''::bytea) AS hs
		FROM "analytics_visitors" CROSS JOIN (VALUES ('day'), ('hour')) s(span)
		GROUP BY 1, 2, 3, 4, 5
	) u CROSS JOIN LATERAL analytics_sketch_merge(u.hs, NULL, NULL, NULL) m;

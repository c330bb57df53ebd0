import { type Static, Type } from "@sinclair/typebox";
import { date, stringEnum } from "./common.ts";

/** The dashboards of GET /apps/{appId}/analytics/{type} (issue 15). */
export const ANALYTICS_TYPES = [
  "overview",
  "pages",
  "features",
  "offers",
  "leads",
  "pushes",
  "geofences",
  "inventory",
] as const;
export type AnalyticsType = (typeof ANALYTICS_TYPES)[number];

/** The metrics each dashboard shows, in order; the ones with a breakdown name what they break down by. */
export const ANALYTICS_METRICS = {
  overview: ["installs", "visitors", "sign_ins", "sign_in_failures"],
  pages: ["page_views"],
  features: ["feature_opens"],
  offers: ["offer_views", "offer_redemptions", "offer_shares", "offer_calendar_adds"],
  leads: ["leads", "form_submissions"],
  pushes: ["push_sent", "push_delivered", "push_opened"],
  geofences: ["geofence_entries", "geofence_completions"],
  inventory: ["inventory_views", "inventory_favorites", "inventory_leads"],
} as const satisfies Record<AnalyticsType, readonly string[]>;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[AnalyticsType][number];

export const ANALYTICS_INTERVALS = ["day", "week", "month"] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** The longest range one report covers (a year, leap day included). */
export const ANALYTICS_MAX_DAYS = 366;

export const AnalyticsQuery = Type.Object(
  {
    from: Type.Optional(date({ title: "From (local date, inclusive)" })),
    to: Type.Optional(date({ title: "To (local date, inclusive)" })),
    interval: Type.Optional(stringEnum(ANALYTICS_INTERVALS, { default: "day" })),
    tz: Type.Optional(
      Type.String({
        maxLength: 64,
        description: "IANA time zone; without it the x-user-timezone-offset header decides, else UTC",
      }),
    ),
    platform: Type.Optional(Type.String({ maxLength: 40 })),
    location: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

const Count = Type.Integer({ minimum: 0 });

export const AnalyticsReport = Type.Object(
  {
    type: stringEnum(ANALYTICS_TYPES),
    from: date(),
    to: date(),
    interval: stringEnum(ANALYTICS_INTERVALS),
    timeZone: Type.String({ description: "The zone the days are counted in: an IANA name or UTC±hh:mm" }),
    previous: Type.Object(
      { from: date(), to: date() },
      { description: "The range of the same length just before" },
    ),
    filters: Type.Object(
      { platforms: Type.Array(Type.String()), locations: Type.Array(Type.String()) },
      { description: "Values seen in the app in both ranges, for the filter selects" },
    ),
    metrics: Type.Array(
      Type.Object({
        id: Type.String({
          description:
            "The metric. Unique visitors (visitors) are distinct users: exact up to 512 (per period, and for the range); past that an estimate from HyperLogLog sketches per UTC day and hour of 4,096 registers, standard error 1.04/sqrt(4096), about 1.6 % (within 5 % 997 times in 1,000). Every other metric is an exact count.",
        }),
        total: Count,
        previousTotal: Count,
        points: Type.Array(
          Type.Object({
            period: date({
              title: "First local day of the period (the range's start for a clipped first period)",
            }),
            value: Count,
          }),
        ),
        breakdown: Type.Optional(
          Type.Array(
            Type.Object({ key: Type.String(), label: Type.String(), value: Count, previousValue: Count }),
          ),
        ),
      }),
    ),
  },
  {
    examples: [
      {
        type: "overview",
        from: "2026-11-01",
        to: "2026-11-02",
        interval: "day",
        timeZone: "America/New_York",
        previous: { from: "2026-10-30", to: "2026-10-31" },
        filters: { platforms: ["Web"], locations: [] },
        metrics: [
          {
            id: "installs",
            total: 3,
            previousTotal: 1,
            points: [
              { period: "2026-11-01", value: 1 },
              { period: "2026-11-02", value: 2 },
            ],
          },
        ],
      },
    ],
  },
);
export type AnalyticsReport = Static<typeof AnalyticsReport>;

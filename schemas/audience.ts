import { type Static, Type } from "@sinclair/typebox";
import { stringEnum } from "./common.ts";

const year = (title: string) => Type.Integer({ title, minimum: 1900, maximum: 2100 });

/**
 * The membership filter (server/ops/push-audience.ts): "member" = the end user takes part in the app's
 * loyalty (a stamp card or points earned in it), "non-member" = not (anonymous visitors included).
 */
export const MEMBERSHIP_VALUES = ["member", "non-member"] as const;
export type Membership = (typeof MEMBERSHIP_VALUES)[number];

/**
 * Who receives a push or a geofence message (spec §3 push fields): signed-in users only, and vehicle,
 * group, location and membership filters.
 */
export const audienceProperties = {
  authenticated: Type.Optional(Type.Boolean({ title: "Signed-in users only" })),
  term: Type.Optional(Type.String({ title: "Search term", maxLength: 200 })),
  make: Type.Optional(Type.String({ title: "Make", maxLength: 100 })),
  model: Type.Optional(Type.String({ title: "Model", maxLength: 100 })),
  /** An engine type of the admin catalog (engine_types), matched through the vehicles' make and model. */
  engineType: Type.Optional(Type.String({ title: "Engine type", maxLength: 100 })),
  unit: Type.Optional(Type.String({ title: "Unit", maxLength: 100 })),
  vinFrom: Type.Optional(Type.String({ title: "VIN from", maxLength: 17 })),
  vinTo: Type.Optional(Type.String({ title: "VIN to", maxLength: 17 })),
  yearFrom: Type.Optional(year("Year from")),
  yearTo: Type.Optional(year("Year to")),
  /** Multi-app groups (their ids, or names): subscriptions of apps in one of them. */
  groups: Type.Optional(
    Type.Array(Type.String({ maxLength: 100 }), { title: "Groups", maxItems: 50, uniqueItems: true }),
  ),
  /** Location ids of the target apps: end users whose advisor works at one of them. */
  locations: Type.Optional(
    Type.Array(Type.String({ maxLength: 100 }), { title: "Locations", maxItems: 50, uniqueItems: true }),
  ),
  membership: Type.Optional(stringEnum(MEMBERSHIP_VALUES, { title: "Membership" })),
  /** Chosen end users (the widget's user ids, e.g. from the console's user search); at most 1000. */
  userIds: Type.Optional(
    Type.Array(Type.String({ format: "uuid" }), { title: "Users", maxItems: 1000, uniqueItems: true }),
  ),
};

export const AudienceFilters = Type.Object(audienceProperties, { additionalProperties: false });
export type Audience = Static<typeof AudienceFilters>;

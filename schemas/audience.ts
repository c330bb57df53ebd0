import { type Static, Type } from "@sinclair/typebox";

const year = (title: string) => Type.Integer({ title, minimum: 1900, maximum: 2100 });

/**
 * Who receives a push or a geofence message (spec §3 push fields): signed-in users only, and vehicle,
 * group, location and membership filters.
 */
export const audienceProperties = {
  authenticated: Type.Optional(Type.Boolean({ title: "Signed-in users only" })),
  term: Type.Optional(Type.String({ title: "Search term", maxLength: 200 })),
  make: Type.Optional(Type.String({ title: "Make", maxLength: 100 })),
  model: Type.Optional(Type.String({ title: "Model", maxLength: 100 })),
  engineType: Type.Optional(Type.String({ title: "Engine type", maxLength: 100 })),
  unit: Type.Optional(Type.String({ title: "Unit", maxLength: 100 })),
  vinFrom: Type.Optional(Type.String({ title: "VIN from", maxLength: 17 })),
  vinTo: Type.Optional(Type.String({ title: "VIN to", maxLength: 17 })),
  yearFrom: Type.Optional(year("Year from")),
  yearTo: Type.Optional(year("Year to")),
  groups: Type.Optional(Type.Array(Type.String(), { title: "Groups" })),
  locations: Type.Optional(Type.Array(Type.String(), { title: "Locations" })),
  membership: Type.Optional(Type.String({ title: "Membership", maxLength: 100 })),
  /** Chosen end users (the widget's user ids, e.g. from the console's user search); at most 1000. */
  userIds: Type.Optional(
    Type.Array(Type.String({ format: "uuid" }), { title: "Users", maxItems: 1000, uniqueItems: true }),
  ),
};

export const AudienceFilters = Type.Object(audienceProperties, { additionalProperties: false });
export type Audience = Static<typeof AudienceFilters>;

import { type Static, Type } from "@sinclair/typebox";
import { AudienceFilters } from "./audience.ts";
import { dateTime, stringEnum, uuid } from "./common.ts";
import { latitude, longitude } from "./numbers.ts";
import { Recurrence } from "./recurrence.ts";
import { sized } from "./text.ts";
import { url } from "./url.ts";

/** Distance units; kilometres by default, miles and nautical miles optional (spec §9). */
export const DISTANCE_UNITS = ["km", "mi", "nmi"] as const;

export const GeofenceLocation = Type.Object(
  {
    lat: latitude(),
    lng: longitude(),
    radius: Type.Number({ title: "Radius", exclusiveMinimum: 0, maximum: 1000 }),
    radiusUnit: stringEnum(DISTANCE_UNITS, { title: "Unit", default: "km" }),
  },
  { additionalProperties: false },
);

/** A geofence (spec §3): a message sent when a user enters the area, within its dates. */
export const Geofence = Type.Object(
  {
    id: Type.Optional(uuid({ title: "Id" })),
    name: sized("longName", { required: true, title: "Name" }),
    message: sized("pushMessage", { required: true, title: "Message" }),
    silent: Type.Optional(Type.Boolean({ title: "Silent" })),
    location: GeofenceLocation,
    shape: stringEnum(["circle"] as const, { title: "Shape", default: "circle" }),
    callToAction: Type.Optional(
      Type.Object(
        { text: Type.Optional(sized("shortName", { title: "Button text" })), link: Type.Optional(url()) },
        { additionalProperties: false },
      ),
    ),
    startDate: Type.Optional(dateTime({ title: "Start" })),
    endDate: Type.Optional(dateTime({ title: "End" })),
    recurrence: Type.Optional(Recurrence),
    delayedMessage: Type.Optional(
      Type.Object(
        {
          message: sized("pushMessage", { required: true, title: "Message" }),
          delayMinutes: Type.Integer({ title: "Delay (minutes)", minimum: 1, maximum: 10080 }),
        },
        { additionalProperties: false },
      ),
    ),
    filters: Type.Optional(AudienceFilters),
    apps: Type.Optional(Type.Array(Type.String(), { title: "Apps" })),
  },
  { additionalProperties: false, title: "Geofence" },
);
export type Geofence = Static<typeof Geofence>;

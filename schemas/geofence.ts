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
    /**
     * The IANA zone the recurrence repeats its wall time in (the widget counts occurrences in it, as the
     * server does); in a POST/PUT body without it the x-user-timezone-offset header decides (a fixed offset).
     */
    timeZone: Type.Optional(Type.String({ title: "Time zone", minLength: 1, maxLength: 64 })),
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
    /**
     * In the widget's payload: goes up on every admin update, filters or apps included, so the widget
     * re-arms the geofence (spec §6) even when nothing it shows changed. Not part of a POST/PUT body.
     */
    version: Type.Optional(Type.Integer({ title: "Version", minimum: 1 })),
  },
  { additionalProperties: false, title: "Geofence" },
);
export type Geofence = Static<typeof Geofence>;

const { version: _version, ...inputProperties } = Geofence.properties;

export const GEOFENCE_STATUSES = ["Planned", "Active", "Recurring", "Expired"] as const;
export type GeofenceStatus = (typeof GEOFENCE_STATUSES)[number];

/** POST/PUT geofences body: the geofence's fields; an `id` in it is ignored (the path names the geofence). */
export const GeofenceInput = Type.Object(
  { ...inputProperties },
  { additionalProperties: false, title: "Geofence" },
);
export type GeofenceInput = Static<typeof GeofenceInput>;

/** A geofence as the console lists it: its fields, status from its dates (spec §4) and its version. */
export const GeofenceRecord = Type.Object(
  {
    ...GeofenceInput.properties,
    id: uuid({ title: "Id" }),
    apps: Type.Array(Type.String(), { title: "Apps" }),
    timeZone: Type.String({ title: "Time zone" }),
    status: stringEnum(GEOFENCE_STATUSES, { title: "Status" }),
    /** Goes up on every update: entries are remembered per version, so an update resets them (spec §6). */
    version: Type.Integer(),
    ownerAppId: Type.String(),
  },
  { additionalProperties: false, title: "Geofence record" },
);
export type GeofenceRecord = Static<typeof GeofenceRecord>;

/** PUT analytics/events/geofence/{geofenceId}/complete: the end user who completed (entered) it. */
export const GeofenceCompleteInput = Type.Object(
  { userId: Type.String({ title: "User", minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type GeofenceCompleteInput = Static<typeof GeofenceCompleteInput>;

export const GeofenceCompletion = Type.Object({
  /** False when this user's completion of this version and occurrence was already recorded. */
  completed: Type.Boolean(),
  version: Type.Integer(),
  /** The occurrence's start (ISO) for a repeating geofence, "" otherwise. */
  occurrence: Type.String(),
});

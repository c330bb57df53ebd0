import type { RecurrenceType } from "../schemas/recurrence.ts";
import { nextOccurrence } from "./recurrence.ts";
import { isRepeating, statusFromDates } from "./status.ts";
import { DAY, type Instant, ms, optionalMs } from "./time.ts";

/** Kilometres per unit of a geofence radius (spec §9: km by default, miles and nautical miles). */
export const KM_PER_UNIT = { km: 1, mi: 1.609344, nmi: 1.852 } as const;
export type DistanceUnit = keyof typeof KM_PER_UNIT;

/** The mean Earth radius (IUGG), in km. */
const EARTH_RADIUS_KM = 6371.0088;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in km (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Circle extends LatLng {
  radius: number;
  radiusUnit?: string | null;
}

/** The radius in km; an unknown unit counts as km (the schema allows km, mi and nmi only). */
export const radiusKm = (c: Circle): number =>
  c.radius * (KM_PER_UNIT[(c.radiusUnit ?? "km") as DistanceUnit] ?? KM_PER_UNIT.km);

/** The point is within the circle, its edge included. */
export const insideCircle = (point: LatLng, c: Circle): boolean => distanceKm(point, c) <= radiusKm(c);

export interface GeofenceDates {
  startsAt?: Instant | null;
  endsAt?: Instant | null;
  recurrence?: { type: RecurrenceType; endsBy?: Instant | null } | null;
  timeZone?: string;
}

/** The longest step of any recurrence type (Annualy), with a margin: the walk below starts that far back. */
const LONGEST_STEP_MS = 370 * DAY;

/**
 * Whether a geofence delivers now (spec §4: status Active or Recurring, from its dates) and which of its
 * occurrences is running: the ISO start of the latest occurrence at or before now for a repeating geofence
 * with a start, "" otherwise. Entering is remembered per occurrence, so a recurring geofence fires again in
 * its next occurrence.
 */
export function currentOccurrence(g: GeofenceDates, now: Instant): { active: boolean; occurrence: string } {
  const status = statusFromDates(
    { from: g.startsAt, to: g.endsAt, recurrence: g.recurrence },
    now,
    "geofence",
  );
  if (status !== "Active" && status !== "Recurring") return { active: false, occurrence: "" };
  const start = optionalMs(g.startsAt);
  if (!isRepeating(g.recurrence) || start === undefined || !g.recurrence)
    return { active: true, occurrence: "" };
  const t = ms(now);
  const rule = { type: g.recurrence.type };
  const tz = g.timeZone || "UTC";
  let latest = start;
  let next = nextOccurrence(start, rule, Math.max(start, t - LONGEST_STEP_MS), tz);
  while (next && next.getTime() <= t) {
    latest = next.getTime();
    next = nextOccurrence(start, rule, next, tz);
  }
  return { active: true, occurrence: new Date(latest).toISOString() };
}

import { Type } from "@sinclair/typebox";
import { statusFromDates } from "../../../core/status.ts";
import {
  type Audience,
  AudienceFilters,
  type DISTANCE_UNITS,
  type FieldError,
  Geofence,
  RECURRENCE_END_LABELS,
  RECURRENCE_LABELS,
  RECURRENCE_TYPES,
  type RecurrenceType,
} from "../../../schemas/index.ts";
import { AUDIENCE_HELP, MEMBERSHIP_OPTIONS } from "../push/logic.ts";

export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export type GeofenceStatus = "Planned" | "Active" | "Recurring" | "Expired";

/** A geofence as the server lists it: the contract's Geofence with its id (and maybe its status). */
export type GeofenceRecord = Geofence & { id: string; status?: string };
/** The body of a create or update. */
export type GeofenceInput = Omit<Geofence, "id">;

/** The unit names the console shows next to a radius. */
export const UNIT_LABELS: Record<DistanceUnit, string> = { km: "km", mi: "mi", nmi: "nmi" };
/** Metres in one unit (Leaflet draws circles in metres). */
const METRES: Record<DistanceUnit, number> = { km: 1000, mi: 1609.344, nmi: 1852 };

export const toMetres = (radius: number, unit: DistanceUnit): number => radius * METRES[unit];
/** A distance in metres in `unit`, rounded to 3 decimals (what the radius field shows after a drag). */
export const fromMetres = (metres: number, unit: DistanceUnit): number =>
  Math.round((metres / METRES[unit]) * 1000) / 1000;

/** spec §4 status of a geofence from its dates and recurrence (core/status.ts, kind "geofence"). */
export function geofenceStatus(g: Pick<Geofence, "startDate" | "endDate" | "recurrence">, now: number) {
  return statusFromDates(
    { from: g.startDate ?? null, to: g.endDate ?? null, recurrence: g.recurrence ?? null },
    now,
    "geofence",
  ) as GeofenceStatus;
}

export const STATUS_COLOR: Record<GeofenceStatus, string> = {
  Planned: "blue",
  Active: "#237804",
  Recurring: "purple",
  Expired: "default",
};

export const recurrenceOptions = RECURRENCE_TYPES.map((t) => ({ value: t, label: RECURRENCE_LABELS[t] }));
export const END_MODE_LABELS = RECURRENCE_END_LABELS;

/** How the list names a geofence's recurrence: 'Weekly, Never ends', 'Monthly, Ends by Mar 1, 2027', 'None'. */
export function recurrenceText(r: Geofence["recurrence"], formatDate: (iso: string) => string): string {
  if (!r || r.type === "None") return RECURRENCE_LABELS.None;
  if (r.type === "Once") return RECURRENCE_LABELS.Once;
  const label = RECURRENCE_LABELS[r.type];
  return r.endsBy
    ? `${label}, ${RECURRENCE_END_LABELS.endsBy} ${formatDate(r.endsBy)}`
    : `${label}, ${RECURRENCE_END_LABELS.never}`;
}

/** The form's fields the schema form draws (location, recurrence and apps have their own controls). */
export interface GeofenceFormValue {
  name?: string;
  message?: string;
  silent?: boolean;
  callToAction?: { text?: string; link?: string };
  timeframe?: { from?: string; to?: string };
  delayedMessage?: { message?: string; delayMinutes?: number };
  filters?: Audience;
}

/** Location as typed: strings, so a half-typed number ("-", "12.") stays in its field. */
export interface LocationValue {
  lat: string;
  lng: string;
  radius: string;
  radiusUnit: DistanceUnit;
}

export interface RecurrenceValue {
  type: RecurrenceType;
  endMode: "never" | "endsBy";
  endsBy?: string;
}

export interface GeofenceForm {
  value: GeofenceFormValue;
  location: LocationValue;
  recurrence: RecurrenceValue;
  apps: string[];
}

const props = Geofence.properties;
const { userIds: _userIds, ...audienceFields } = AudienceFilters.properties;

/** The schema form's part, cut from the contract's Geofence (built once so ajv compiles it once). */
export const GEOFENCE_FORM_SCHEMA = Type.Object(
  {
    name: props.name,
    message: props.message,
    silent: props.silent,
    callToAction: Type.Optional({ ...props.callToAction, title: "Call to action" }),
    timeframe: Type.Optional(
      Type.Object(
        { from: Type.Optional(props.startDate), to: Type.Optional(props.endDate) },
        { additionalProperties: false, title: "Dates" },
      ),
    ),
    delayedMessage: Type.Optional({ ...props.delayedMessage, title: "Delayed message" }),
    filters: Type.Optional(Type.Object(audienceFields, { additionalProperties: false, title: "Filters" })),
  },
  { additionalProperties: false },
);

export const GEOFENCE_FORM_UI = {
  "ui:order": ["name", "message", "silent", "callToAction", "timeframe", "delayedMessage", "filters"],
  message: { "ui:widget": "textarea" },
  silent: { "ui:widget": "switch" },
  filters: {
    authenticated: { "ui:widget": "switch" },
    engineType: { "ui:help": AUDIENCE_HELP.engineType },
    groups: { "ui:help": `${AUDIENCE_HELP.groups} Type a group's name.` },
    // The apps' locations (the drawer's form context); the server refuses one that is none of theirs.
    locations: { "ui:field": "locations", "ui:title": "Locations of the customer's advisor" },
    membership: {
      "ui:enumNames": MEMBERSHIP_OPTIONS.map((o) => o.label),
      "ui:help": AUDIENCE_HELP.membership,
    },
  },
};

/** The form of a saved geofence, or of a new one in `appId` (centre empty, 1 km, no recurrence). */
export function toForm(g: Partial<GeofenceRecord> | null, appId: string): GeofenceForm {
  const value: GeofenceFormValue = {};
  if (g?.name !== undefined) value.name = g.name;
  if (g?.message !== undefined) value.message = g.message;
  if (g?.silent) value.silent = true;
  if (g?.callToAction && (g.callToAction.text || g.callToAction.link))
    value.callToAction = { ...g.callToAction };
  if (g?.startDate || g?.endDate)
    value.timeframe = {
      ...(g.startDate ? { from: g.startDate } : {}),
      ...(g.endDate ? { to: g.endDate } : {}),
    };
  if (g?.delayedMessage) value.delayedMessage = { ...g.delayedMessage };
  if (g?.filters) {
    const { userIds: _u, ...rest } = g.filters;
    if (Object.keys(rest).length) value.filters = rest;
  }
  const loc = g?.location;
  return {
    value,
    location: loc
      ? { lat: String(loc.lat), lng: String(loc.lng), radius: String(loc.radius), radiusUnit: loc.radiusUnit }
      : { lat: "", lng: "", radius: "1", radiusUnit: "km" },
    recurrence: {
      type: g?.recurrence?.type ?? "None",
      endMode: g?.recurrence?.endsBy ? "endsBy" : "never",
      ...(g?.recurrence?.endsBy ? { endsBy: g.recurrence.endsBy } : {}),
    },
    apps: g?.apps?.length ? [...g.apps] : [appId],
  };
}

const number = (s: string): number | undefined => {
  const t = s.trim();
  if (!t || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
};

/** The location as numbers, or undefined where a field is not a number. */
export function parseLocation(l: LocationValue) {
  return { lat: number(l.lat), lng: number(l.lng), radius: number(l.radius) };
}

/** Errors of the location and recurrence fields, with paths the editor shows them under. */
export function locationErrors(l: LocationValue): FieldError[] {
  const { lat, lng, radius } = parseLocation(l);
  const out: FieldError[] = [];
  if (lat === undefined) out.push({ path: "/location/lat", message: "Enter a latitude" });
  else if (lat < -90 || lat > 90)
    out.push({ path: "/location/lat", message: "Latitude must be between -90 and 90" });
  if (lng === undefined) out.push({ path: "/location/lng", message: "Enter a longitude" });
  else if (lng < -180 || lng > 180)
    out.push({ path: "/location/lng", message: "Longitude must be between -180 and 180" });
  if (radius === undefined) out.push({ path: "/location/radius", message: "Enter a radius" });
  else if (radius <= 0 || radius > 1000)
    out.push({ path: "/location/radius", message: "Radius must be more than 0 and at most 1000" });
  return out;
}

export function recurrenceErrors(r: RecurrenceValue): FieldError[] {
  if (r.type !== "None" && r.type !== "Once" && r.endMode === "endsBy" && !r.endsBy)
    return [{ path: "/recurrence/endsBy", message: "Pick the date the recurrence ends by" }];
  return [];
}

/** The server's words (and rule): a repeating geofence counts its occurrences from its start date. */
export const START_NEEDED = "A repeating geofence needs a start date";

/** A repeating recurrence without a start date: the error shows on the form's timeframe (start, end) field. */
export function startErrors(v: GeofenceFormValue, r: Pick<RecurrenceValue, "type">): FieldError[] {
  return r.type !== "None" && r.type !== "Once" && !v.timeframe?.from
    ? [{ path: "/timeframe", message: START_NEEDED }]
    : [];
}

/** The body of a create or update; fields the form leaves empty are not sent. */
export function toInput(f: GeofenceForm): GeofenceInput {
  const v = f.value;
  const { lat, lng, radius } = parseLocation(f.location);
  const out: GeofenceInput = {
    name: v.name ?? "",
    message: v.message ?? "",
    silent: Boolean(v.silent),
    shape: "circle",
    location: {
      lat: lat ?? Number.NaN,
      lng: lng ?? Number.NaN,
      radius: radius ?? Number.NaN,
      radiusUnit: f.location.radiusUnit,
    },
    apps: [...f.apps],
  };
  const cta = v.callToAction;
  if (cta?.text || cta?.link)
    out.callToAction = { ...(cta.text ? { text: cta.text } : {}), ...(cta.link ? { link: cta.link } : {}) };
  if (v.timeframe?.from) out.startDate = v.timeframe.from;
  if (v.timeframe?.to) out.endDate = v.timeframe.to;
  const r = f.recurrence;
  if (r.type !== "None")
    out.recurrence = {
      type: r.type,
      ...(r.type !== "Once" && r.endMode === "endsBy" && r.endsBy ? { endsBy: r.endsBy } : {}),
    };
  const d = v.delayedMessage;
  if (d?.message || d?.delayMinutes !== undefined)
    out.delayedMessage = { message: d.message ?? "", delayMinutes: d.delayMinutes ?? 0 };
  if (v.filters && Object.keys(v.filters).length) out.filters = { ...v.filters };
  return out;
}

/** Where each server error shows: paths may be under /body; start/end dates live in the form's timeframe. */
export function serverFieldErrors(details: unknown): { fields: FieldError[]; other: FieldError[] } {
  const fields: FieldError[] = [];
  const other: FieldError[] = [];
  if (!Array.isArray(details)) return { fields, other };
  for (const d of details) {
    if (!d || typeof d.path !== "string" || typeof d.message !== "string") continue;
    const path = d.path.replace(/^\/body(?=\/|$)/, "");
    const [, head, ...rest] = path.split("/");
    // The timeframe field is one range picker that shows its own errors, not those of its two ends.
    if (head === "startDate" || head === "endDate") fields.push({ path: "/timeframe", message: d.message });
    else if (head === "location" || head === "recurrence" || head === "apps")
      fields.push({ path: `/${[head, ...rest].join("/")}`, message: d.message });
    else if (["name", "message", "silent", "callToAction", "delayedMessage", "filters"].includes(head))
      fields.push({ path, message: d.message });
    else other.push({ path, message: d.message });
  }
  return { fields, other };
}

/** The first error under `path` (exactly or below it). */
export const errorAt = (errors: FieldError[], path: string): string | undefined =>
  errors.find((e) => e.path === path || e.path.startsWith(`${path}/`))?.message;

/** OpenStreetMap's tile template: the default when the build names no other (VITE_MAP_TILE_URL). */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const TILE_URL: string = import.meta.env?.VITE_MAP_TILE_URL || DEFAULT_TILE_URL;

import { describe, expect, it } from "vitest";
import { MEMBERSHIP_VALUES, validate } from "../../../schemas/index.ts";
import { MEMBERSHIP_OPTIONS } from "../push/logic.ts";
import {
  fromMetres,
  GEOFENCE_FORM_SCHEMA,
  GEOFENCE_FORM_UI,
  type GeofenceRecord,
  geofenceStatus,
  locationErrors,
  recurrenceErrors,
  recurrenceText,
  START_NEEDED,
  serverFieldErrors,
  startErrors,
  toForm,
  toInput,
  toMetres,
} from "./logic.ts";

const APP = "app-1";
const saved: GeofenceRecord = {
  id: "g1",
  name: "Dealership",
  message: "Welcome to our store",
  silent: true,
  shape: "circle",
  location: { lat: 40.7128, lng: -74.006, radius: 2.5, radiusUnit: "mi" },
  callToAction: { text: "Book", link: "https://example.com/book" },
  startDate: "2027-01-01T10:00:00.000Z",
  endDate: "2027-06-01T10:00:00.000Z",
  recurrence: { type: "Weekly", endsBy: "2027-05-01T00:00:00.000Z" },
  delayedMessage: { message: "Thanks for visiting", delayMinutes: 30 },
  filters: { make: "Ford", userIds: ["00000000-0000-4000-8000-000000000001"] },
  apps: [APP, "app-2"],
};

describe("geofence form ↔ wire", () => {
  it("a saved geofence goes through the form and back unchanged (the user list is not the form's)", () => {
    const { id: _id, ...rest } = saved;
    const { userIds: _u, ...filters } = saved.filters ?? {};
    expect(toInput(toForm(saved, APP))).toEqual({ ...rest, filters });
  });

  it("a new geofence starts in the page's app with 1 km and no recurrence", () => {
    const f = toForm(null, APP);
    expect(f.apps).toEqual([APP]);
    expect(f.location).toEqual({ lat: "", lng: "", radius: "1", radiusUnit: "km" });
    expect(f.recurrence).toEqual({ type: "None", endMode: "never" });
  });

  it("typed coordinates become numbers; empty optional parts are not sent", () => {
    const f = toForm(null, APP);
    f.value = { name: "Store", message: "Hello there" };
    f.location = { lat: " 51.5 ", lng: "-0.12", radius: "800", radiusUnit: "nmi" };
    expect(toInput(f)).toEqual({
      name: "Store",
      message: "Hello there",
      silent: false,
      shape: "circle",
      location: { lat: 51.5, lng: -0.12, radius: 800, radiusUnit: "nmi" },
      apps: [APP],
    });
  });

  it("'Never ends' drops an ends-by date; Once has none", () => {
    const f = toForm(saved, APP);
    f.recurrence = { type: "Daily", endMode: "never", endsBy: "2027-05-01T00:00:00.000Z" };
    expect(toInput(f).recurrence).toEqual({ type: "Daily" });
    f.recurrence = { type: "Once", endMode: "endsBy", endsBy: "2027-05-01T00:00:00.000Z" };
    expect(toInput(f).recurrence).toEqual({ type: "Once" });
    f.recurrence = { type: "None", endMode: "never" };
    expect(toInput(f).recurrence).toBeUndefined();
  });
});

describe("location and recurrence checks", () => {
  it("names each wrong field", () => {
    expect(locationErrors({ lat: "", lng: "abc", radius: "0", radiusUnit: "km" })).toEqual([
      { path: "/location/lat", message: "Enter a latitude" },
      { path: "/location/lng", message: "Enter a longitude" },
      { path: "/location/radius", message: "Radius must be more than 0 and at most 1000" },
    ]);
    expect(locationErrors({ lat: "91", lng: "-180.5", radius: "1e3", radiusUnit: "km" })).toEqual([
      { path: "/location/lat", message: "Latitude must be between -90 and 90" },
      { path: "/location/lng", message: "Longitude must be between -180 and 180" },
    ]);
    expect(locationErrors({ lat: "-90", lng: "180", radius: "0.1", radiusUnit: "mi" })).toEqual([]);
    expect(locationErrors({ lat: "12.", lng: "1 2", radius: "5", radiusUnit: "km" })).toEqual([
      { path: "/location/lng", message: "Enter a longitude" },
    ]);
  });

  it("'Ends by' needs its date", () => {
    expect(recurrenceErrors({ type: "Monthly", endMode: "endsBy" })).toEqual([
      { path: "/recurrence/endsBy", message: "Pick the date the recurrence ends by" },
    ]);
    expect(recurrenceErrors({ type: "Monthly", endMode: "never" })).toEqual([]);
  });

  it("a repeating geofence needs a start date (the server's rule and words), a one-off does not", () => {
    expect(startErrors({ name: "Store" }, { type: "Weekly" })).toEqual([
      { path: "/timeframe", message: "A repeating geofence needs a start date" },
    ]);
    expect(START_NEEDED).toBe("A repeating geofence needs a start date");
    expect(startErrors({ timeframe: { from: "2031-01-01T09:00:00.000Z" } }, { type: "Weekly" })).toEqual([]);
    expect(startErrors({}, { type: "Once" })).toEqual([]);
    expect(startErrors({}, { type: "None" })).toEqual([]);
  });

  it("the message is 5 to 1200 characters (the contract's schema)", () => {
    const paths = (message: string) =>
      validate(GEOFENCE_FORM_SCHEMA, { name: "Store", message }).map((e) => e.path);
    expect(paths("Hi!")).toEqual(["/message"]);
    expect(paths("Hello")).toEqual([]);
    expect(paths("x".repeat(1201))).toEqual(["/message"]);
  });
});

describe("units, status and labels", () => {
  it("converts radii to metres and back", () => {
    expect(toMetres(1, "km")).toBe(1000);
    expect(toMetres(1, "mi")).toBeCloseTo(1609.344);
    expect(toMetres(2, "nmi")).toBe(3704);
    expect(fromMetres(1609.344, "mi")).toBe(1);
    expect(fromMetres(1234.5678, "km")).toBe(1.235);
  });

  it("status from dates: Planned, Active, Recurring, Expired", () => {
    const now = Date.parse("2027-03-01T00:00:00Z");
    expect(geofenceStatus({ startDate: "2027-04-01T00:00:00Z" }, now)).toBe("Planned");
    expect(geofenceStatus({}, now)).toBe("Active");
    expect(geofenceStatus({ startDate: "2027-01-01T00:00:00Z", recurrence: { type: "Weekly" } }, now)).toBe(
      "Recurring",
    );
    expect(geofenceStatus({ endDate: "2027-02-01T00:00:00Z" }, now)).toBe("Expired");
  });

  it("recurrence labels from core/recurrence", () => {
    const d = (iso: string) => iso.slice(0, 10);
    expect(recurrenceText(undefined, d)).toBe("None");
    expect(recurrenceText({ type: "Once" }, d)).toBe("Once");
    expect(recurrenceText({ type: "BiWeekly" }, d)).toBe("Bi-Weekly, Never ends");
    expect(recurrenceText({ type: "SemiAnnualy", endsBy: "2027-05-01T00:00:00Z" }, d)).toBe(
      "Semi-Annually, Ends by 2027-05-01",
    );
  });

  it("server errors land on their fields; dates on the timeframe", () => {
    expect(
      serverFieldErrors([
        { path: "/body/location/lat", message: "Latitude is out of range" },
        { path: "/startDate", message: "Enter a valid date" },
        { path: "/message", message: "Too short" },
        { path: "/apps/1", message: "You may not edit this app" },
        { path: "/shape", message: "Odd" },
      ]),
    ).toEqual({
      fields: [
        { path: "/location/lat", message: "Latitude is out of range" },
        { path: "/timeframe", message: "Enter a valid date" },
        { path: "/message", message: "Too short" },
        { path: "/apps/1", message: "You may not edit this app" },
      ],
      other: [{ path: "/shape", message: "Odd" }],
    });
  });
});

describe("audience filters in the editor", () => {
  it("names the membership values in the schema's order, and takes only those", () => {
    const filters = GEOFENCE_FORM_SCHEMA.properties.filters as unknown as {
      properties: { membership: { enum: string[] } };
    };
    expect(filters.properties.membership.enum).toEqual([...MEMBERSHIP_VALUES]);
    expect(MEMBERSHIP_OPTIONS.map((o) => o.value)).toEqual([...MEMBERSHIP_VALUES]);
    expect(GEOFENCE_FORM_UI.filters.membership["ui:enumNames"]).toEqual([
      "Members (a loyalty card or points)",
      "Non-members",
    ]);
    expect(GEOFENCE_FORM_UI.filters.locations["ui:field"]).toBe("locations");
    expect(validate(GEOFENCE_FORM_SCHEMA, { filters: { membership: "member" } })).toEqual(
      validate(GEOFENCE_FORM_SCHEMA, {}),
    );
    expect(validate(GEOFENCE_FORM_SCHEMA, { filters: { membership: "Gold" } }).map((e) => e.path)).toContain(
      "/filters/membership",
    );
  });
});

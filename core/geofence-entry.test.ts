import { describe, expect, it } from "vitest";
import { currentOccurrence, distanceKm, insideCircle, radiusKm } from "./geofence-entry.ts";

describe("geofence distance", () => {
  it("measures great-circle distances (haversine)", () => {
    // One degree of latitude is about 111.2 km; Paris to London about 343.5 km.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.195, 2);
    expect(distanceKm({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 })).toBeCloseTo(343.56, 0);
    expect(distanceKm({ lat: 40, lng: -75 }, { lat: 40, lng: -75 })).toBe(0);
    // Across the antimeridian: 0.2 degrees of longitude at the equator.
    expect(distanceKm({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(22.239, 2);
  });

  it("converts radius units: km, mi, nmi", () => {
    expect(radiusKm({ lat: 0, lng: 0, radius: 2, radiusUnit: "km" })).toBe(2);
    expect(radiusKm({ lat: 0, lng: 0, radius: 2, radiusUnit: "mi" })).toBeCloseTo(3.218688, 6);
    expect(radiusKm({ lat: 0, lng: 0, radius: 2, radiusUnit: "nmi" })).toBeCloseTo(3.704, 6);
    expect(radiusKm({ lat: 0, lng: 0, radius: 2 })).toBe(2);
  });

  it("is inside up to the edge and outside past it", () => {
    const c = { lat: 0, lng: 0, radius: 111.195, radiusUnit: "km" };
    expect(insideCircle({ lat: 0.9999, lng: 0 }, c)).toBe(true);
    expect(insideCircle({ lat: 1.0001, lng: 0 }, c)).toBe(false);
    expect(insideCircle({ lat: 40.0117, lng: -75 }, { lat: 40, lng: -75, radius: 1, radiusUnit: "km" })).toBe(
      false,
    );
    expect(insideCircle({ lat: 40.0117, lng: -75 }, { lat: 40, lng: -75, radius: 1, radiusUnit: "mi" })).toBe(
      true,
    );
  });
});

describe("geofence occurrence", () => {
  it("is active between its dates, with no occurrence key when it does not repeat", () => {
    const g = { startsAt: "2026-01-01T00:00:00Z", endsAt: "2026-01-31T00:00:00Z" };
    expect(currentOccurrence(g, "2025-12-31T23:59:59Z")).toEqual({ active: false, occurrence: "" });
    expect(currentOccurrence(g, "2026-01-15T00:00:00Z")).toEqual({ active: true, occurrence: "" });
    expect(currentOccurrence(g, "2026-01-31T00:00:01Z")).toEqual({ active: false, occurrence: "" });
    expect(currentOccurrence({}, "2026-01-15T00:00:00Z")).toEqual({ active: true, occurrence: "" });
  });

  it("keys a repeating geofence by its latest occurrence, in its time zone", () => {
    const weekly = {
      startsAt: "2026-03-02T14:00:00Z",
      recurrence: { type: "Weekly" as const },
      timeZone: "America/New_York",
    };
    // 9:00 in New York before DST (EST, UTC-5); after March 8 the wall time stays 9:00 (13:00 UTC).
    expect(currentOccurrence(weekly, "2026-03-05T00:00:00Z")).toEqual({
      active: true,
      occurrence: "2026-03-02T14:00:00.000Z",
    });
    expect(currentOccurrence(weekly, "2026-03-09T13:00:00Z").occurrence).toBe("2026-03-09T13:00:00.000Z");
    expect(currentOccurrence(weekly, "2026-03-09T12:59:00Z").occurrence).toBe("2026-03-02T14:00:00.000Z");
    expect(currentOccurrence(weekly, "2028-06-01T00:00:00Z").occurrence).toBe("2028-05-29T13:00:00.000Z");
  });

  it("ends a repeating geofence by its Ends by", () => {
    const g = {
      startsAt: "2026-01-01T09:00:00Z",
      recurrence: { type: "Daily" as const, endsBy: "2026-01-10T00:00:00Z" },
    };
    expect(currentOccurrence(g, "2026-01-09T10:00:00Z")).toEqual({
      active: true,
      occurrence: "2026-01-09T09:00:00.000Z",
    });
    expect(currentOccurrence(g, "2026-01-10T00:00:01Z").active).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import type { Geofence } from "../schemas/geofence.ts";
import { entryKey, fencesToEnter } from "./geofence-watch.ts";

const fence = (over: Partial<Geofence> = {}): Geofence => ({
  id: "11111111-1111-4111-8111-111111111111",
  name: "Showroom",
  message: "Welcome to the showroom",
  shape: "circle",
  location: { lat: 40, lng: -75, radius: 1, radiusUnit: "km" },
  ...over,
});
const now = new Date("2026-03-05T10:00:00Z");
/** About 1.3 km north of the centre. */
const NEAR = { lat: 40.0117, lng: -75 };

describe("fencesToEnter", () => {
  it("takes an active geofence the position is inside, in its radius unit", () => {
    const km = fence();
    const mi = fence({
      id: "22222222-2222-4222-8222-222222222222",
      location: { ...km.location, radiusUnit: "mi" },
    });
    expect(fencesToEnter({ lat: 40, lng: -75 }, [km], now, new Set())).toEqual([
      { id: km.id, key: entryKey(km, "") },
    ]);
    expect(fencesToEnter(NEAR, [km, mi], now, new Set()).map((f) => f.id)).toEqual([mi.id]);
    expect(fencesToEnter(NEAR, undefined, now, new Set())).toEqual([]);
  });

  it("leaves out geofences not active now (planned, expired)", () => {
    const planned = fence({ startDate: "2026-04-01T00:00:00Z" });
    const expired = fence({ endDate: "2026-03-01T00:00:00Z" });
    const running = fence({ startDate: "2026-03-01T00:00:00Z", endDate: "2026-03-31T00:00:00Z" });
    expect(fencesToEnter({ lat: 40, lng: -75 }, [planned, expired], now, new Set())).toEqual([]);
    expect(fencesToEnter({ lat: 40, lng: -75 }, [running], now, new Set())).toHaveLength(1);
  });

  it("reports once per occurrence: a daily geofence again the next day, an updated one afresh", () => {
    const daily = fence({ startDate: "2026-03-01T09:00:00Z", recurrence: { type: "Daily" } });
    const [first] = fencesToEnter({ lat: 40, lng: -75 }, [daily], now, new Set());
    expect(first.key).toBe(entryKey(daily, "2026-03-05T09:00:00.000Z"));
    const reported = new Set([first.key]);
    expect(fencesToEnter({ lat: 40, lng: -75 }, [daily], new Date("2026-03-05T20:00:00Z"), reported)).toEqual(
      [],
    );
    expect(
      fencesToEnter({ lat: 40, lng: -75 }, [daily], new Date("2026-03-06T09:30:00Z"), reported).map(
        (f) => f.key,
      ),
    ).toEqual([entryKey(daily, "2026-03-06T09:00:00.000Z")]);
    const updated = { ...daily, message: "New welcome" };
    expect(fencesToEnter({ lat: 40, lng: -75 }, [updated], now, reported)).toHaveLength(1);
  });

  it("re-arms on any admin edit: a new version with the same content (only filters changed) is reported again", () => {
    const v1 = fence({ version: 1 });
    const [first] = fencesToEnter({ lat: 40, lng: -75 }, [v1], now, new Set());
    expect(first.key).toBe(`${v1.id}|v1||${first.key.split("|")[3]}`);
    const reported = new Set([first.key]);
    expect(fencesToEnter({ lat: 40, lng: -75 }, [v1], now, reported)).toEqual([]);
    // The payload carries no filters: only the version tells the widget an edit happened.
    const v2 = fence({ version: 2 });
    const again = fencesToEnter({ lat: 40, lng: -75 }, [v2], now, reported);
    expect(again).toEqual([{ id: v2.id, key: entryKey(v2, "") }]);
    expect(again[0].key).not.toBe(first.key);
    expect(fencesToEnter({ lat: 40, lng: -75 }, [v2], now, new Set([...reported, again[0].key]))).toEqual([]);
  });

  it("counts occurrences in the geofence's time zone: 09:00 in New York stays 09:00 across the DST change", () => {
    // 09:00 EST is 14:00 UTC; from 8 March 2026 09:00 EDT is 13:00 UTC.
    const daily = fence({
      startDate: "2026-03-01T14:00:00Z",
      recurrence: { type: "Daily" },
      timeZone: "America/New_York",
    });
    const [entry] = fencesToEnter(
      { lat: 40, lng: -75 },
      [daily],
      new Date("2026-03-09T13:30:00Z"),
      new Set(),
    );
    expect(entry.key).toBe(entryKey(daily, "2026-03-09T13:00:00.000Z"));
  });
});

import { currentOccurrence, insideCircle, type LatLng } from "../core/geofence-entry.ts";
import type { Geofence } from "../schemas/geofence.ts";
import type { GeofenceEntered, WidgetClient } from "./client.ts";
import { prefix } from "./storage.ts";

/** The most entries remembered per app (older ones are forgotten first). */
const REMEMBERED = 200;

/**
 * What the widget remembers of an entry it reported: the geofence, its version, its running occurrence and
 * its content. Every admin update raises the version, also one that changes only the filters or the apps
 * (which the payload does not carry), so an updated geofence is entered afresh (spec §6).
 */
export function entryKey(fence: Geofence, occurrence: string): string {
  const { id, version, ...content } = fence;
  return `${id}|v${version ?? 0}|${occurrence}|${hash(JSON.stringify(content))}`;
}

/**
 * The geofences of the app's payload (`definition.geofences`) this position is inside now that are active
 * (their dates and recurrence, core/geofence-entry.ts) and not reported yet in their running occurrence.
 */
export function fencesToEnter(
  position: LatLng,
  fences: readonly Geofence[] | undefined,
  now: Date,
  reported: ReadonlySet<string>,
): { id: string; key: string }[] {
  const out: { id: string; key: string }[] = [];
  for (const fence of fences ?? []) {
    if (!fence.id || !fence.location) continue;
    const { active, occurrence } = currentOccurrence(
      // Occurrences recur at the geofence's wall time in its zone, as the server counts them (DST included).
      {
        startsAt: fence.startDate,
        endsAt: fence.endDate,
        recurrence: fence.recurrence ?? null,
        timeZone: fence.timeZone,
      },
      now,
    );
    if (!active || !insideCircle(position, fence.location)) continue;
    const key = entryKey(fence, occurrence);
    if (!reported.has(key)) out.push({ id: fence.id, key });
  }
  return out;
}

export interface LocationAlertsState {
  /** The app has geofences and the browser can locate. */
  available: boolean;
  /** The visitor turned location alerts on (and has not blocked the location since). */
  on: boolean;
}

/**
 * Location alerts for one app: with the visitor's permission, watches the position while the page is open
 * and reports each entry into an active geofence once per occurrence (POST /mobile/geofences/{id}/enter;
 * the server records it once per user, version and occurrence too). Nothing asks for the location on
 * load: the watch starts from the visitor's click (`toggle`), or on a later visit when they had turned it
 * on and the browser already grants the location. Part of the runtime chunk.
 */
export function createGeofenceWatch(
  appId: string,
  client: WidgetClient,
  opts: {
    fences: () => Geofence[] | undefined;
    user: () => { userId: string; token?: string };
    onEntered: (answer: GeofenceEntered, geofenceId: string) => void;
    now?: () => Date;
  },
) {
  const storageKey = `${prefix(appId)}locationAlerts`;
  const reportedKey = `${prefix(appId)}geofencesEntered`;
  const geo = typeof navigator !== "undefined" ? navigator.geolocation : undefined;
  const listeners = new Set<() => void>();
  let watchId: number | null = null;
  let state: LocationAlertsState = { available: false, on: false };
  const inFlight = new Set<string>();

  const emit = () => {
    const next = { available: !!geo && (opts.fences()?.length ?? 0) > 0, on: watchId !== null };
    if (next.available === state.available && next.on === state.on) return;
    state = next;
    for (const l of listeners) l();
  };
  const stored = () => {
    try {
      return localStorage.getItem(storageKey) === "on";
    } catch {
      return false;
    }
  };
  const store = (on: boolean) => {
    try {
      if (on) localStorage.setItem(storageKey, "on");
      else localStorage.removeItem(storageKey);
    } catch {
      /* storage blocked: the choice lasts as long as the page */
    }
  };
  const reported = (): string[] => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(reportedKey) ?? "[]");
      return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === "string") : [];
    } catch {
      return [];
    }
  };
  const remember = (key: string) => {
    const keys = [...reported().filter((k) => k !== key), key].slice(-REMEMBERED);
    try {
      localStorage.setItem(reportedKey, JSON.stringify(keys));
    } catch {
      /* storage blocked: the server still records each entry once */
    }
  };

  async function check(position: LatLng) {
    const done = new Set([...reported(), ...inFlight]);
    const { userId, token } = opts.user();
    for (const { id, key } of fencesToEnter(position, opts.fences(), opts.now?.() ?? new Date(), done)) {
      inFlight.add(key);
      try {
        const answer = await client.enterGeofence(
          id,
          { userId, lat: position.lat, lng: position.lng },
          token,
        );
        remember(key);
        opts.onEntered(answer, id);
      } catch (e) {
        // Refused (not active, outside by the server's measure, not for this user): not asked again this
        // occurrence. A network failure is tried again at the next position.
        if ((e as { status?: number }).status) remember(key);
      } finally {
        inFlight.delete(key);
      }
    }
  }

  function startWatch() {
    if (!geo || watchId !== null) return;
    watchId = geo.watchPosition(
      (p) => void check({ lat: p.coords.latitude, lng: p.coords.longitude }),
      (error) => {
        // Blocked: the alerts are off until the visitor turns them on again.
        if (error.code === error.PERMISSION_DENIED) {
          store(false);
          stopWatch();
        }
      },
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 60_000 },
    );
    emit();
  }
  function stopWatch() {
    if (watchId !== null) geo?.clearWatch(watchId);
    watchId = null;
    emit();
  }

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** The visitor's click: turns the alerts on (the browser may ask for the location now) or off. */
    toggle() {
      if (watchId !== null) {
        store(false);
        stopWatch();
      } else {
        store(true);
        startWatch();
      }
    },
    /** Resumes a watch the visitor turned on before, only where the browser grants the location already. */
    async start() {
      emit();
      if (!geo || !stored()) return;
      const permission = await navigator.permissions
        ?.query({ name: "geolocation" as PermissionName })
        .then((p) => p.state)
        .catch(() => "prompt" as const);
      if (permission === "granted" && stored()) startWatch();
    },
    /** The app changed (its geofences may have): recompute whether alerts are offered. */
    update: emit,
    stop: stopWatch,
  };
}
export type GeofenceWatch = ReturnType<typeof createGeofenceWatch>;

/** A short, stable digest of a text (FNV-1a, 32 bits): enough to notice that a geofence changed. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * The app payload the loader starts fetching before the element bundle has even arrived (spec §7: GET
 * /mobile/app "preloaded data used if present"). Kept under a global symbol, so no name of the host page
 * can collide with it; each entry is taken once, so a later element of the same app fetches fresh data.
 */
const PRELOAD_KEY = Symbol.for("brand-app.preload");

type Preload = { apiOrigin: string; request: Promise<Response> };
type PreloadWindow = { [PRELOAD_KEY]?: Map<string, Preload> };

export function preloadApp(apiOrigin: string, appId: string) {
  const w = window as unknown as PreloadWindow;
  w[PRELOAD_KEY] ??= new Map();
  const map = w[PRELOAD_KEY];
  if (map.has(appId)) return;
  const request = fetch(`${apiOrigin}/api/mobile/app`, { headers: { "x-app": appId } });
  request.catch(() => {}); // a failure is reported by the element when it takes this response
  map.set(appId, { apiOrigin, request });
}

/** The preloaded response for this app and API, if the loader started one. */
export function takePreloadedApp(apiOrigin: string, appId: string): Promise<Response> | undefined {
  const map = (window as unknown as PreloadWindow)[PRELOAD_KEY];
  const hit = map?.get(appId);
  if (!hit) return undefined;
  map?.delete(appId);
  return hit.apiOrigin === apiOrigin ? hit.request : undefined;
}

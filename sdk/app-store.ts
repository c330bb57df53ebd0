import type { MobileApp } from "../schemas/index.ts";
import type { WidgetClient } from "./client.ts";
import { loadLang } from "./views/i18n.ts";

export type AppState =
  | { status: "loading" }
  | { status: "ready"; app: MobileApp }
  | { status: "error"; message: string; code: number };

/**
 * Framework-free state of one widget instance: loads the app and notifies subscribers. The React element is
 * a thin adapter over it (useSyncExternalStore), so each instance is independent.
 */
export function createAppStore(client: WidgetClient) {
  let state: AppState = { status: "loading" };
  const listeners = new Set<() => void>();
  const set = (next: AppState) => {
    state = next;
    for (const l of listeners) l();
  };
  let started = false;
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      if (started) return;
      started = true;
      client.getApp().then(
        // A Spanish app's texts are loaded before it is drawn (views/i18n.ts); if they cannot be, it is
        // drawn with the English fallback rather than not at all.
        (app) => {
          const ready = () => set({ status: "ready", app });
          loadLang(app.lang === "es" ? "es" : "en").then(ready, ready);
        },
        (e: { message: string; status?: number }) =>
          set({ status: "error", message: e.message, code: e.status ?? 0 }),
      );
    },
  };
}
export type AppStore = ReturnType<typeof createAppStore>;

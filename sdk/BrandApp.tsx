import { useEffect, useMemo, useSyncExternalStore } from "react";
import { createAppStore } from "./app-store.ts";
import { widgetClient } from "./client.ts";
import { AppScreen, viewStyles } from "./views/index.ts";

export interface BrandAppProps {
  appId?: string;
  /** Where the API lives; defaults to the origin the widget script was loaded from. */
  apiBase?: string;
}

/** The widget's root: loads the app for `appId` and renders its home screen. */
export function BrandApp({ appId, apiBase }: BrandAppProps) {
  const base = apiBase || defaultApiBase;
  const store = useMemo(
    () => createAppStore(widgetClient({ apiBase: base, appId: appId ?? "" })),
    [base, appId],
  );
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(() => store.load(), [store]);
  return (
    <>
      <style>{viewStyles}</style>
      {state.status === "ready" ? (
        <AppScreen definition={state.app.definition} appId={state.app.appId} />
      ) : (
        <div className="ba-root">
          <p className={state.status === "error" ? "ba-status ba-error" : "ba-status"} role="status">
            {state.status === "error" ? state.message : "Loading…"}
          </p>
        </div>
      )}
    </>
  );
}

const defaultApiBase = (() => {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return "";
  }
})();

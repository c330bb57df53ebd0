import { useEffect, useState } from "react";
import type { EndUserApi } from "../types.ts";

/** What a screen has of the signed-in user's data: nothing to load (no end user), loading, loaded or failed. */
export type Loaded<T> =
  | { status: "none" }
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; message: string };

/**
 * Loads one piece of the signed-in user's data (offers, cards, points) for a screen, again when the user
 * changes or `reload` is called; nothing without an end user (visitors, preview, promo). A stale answer of a
 * previous user or load never lands.
 */
export function useEndUserData<T>(
  api: EndUserApi | null | undefined,
  load: (api: EndUserApi) => Promise<T>,
  key = "",
): [Loaded<T>, () => void, (data: T) => void] {
  const [state, setState] = useState<Loaded<T>>(api ? { status: "loading" } : { status: "none" });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a new function each render; the user, key and round say when to load
  useEffect(() => {
    if (!api) {
      setState({ status: "none" });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    load(api).then(
      (data) => live && setState({ status: "ready", data }),
      (e: unknown) =>
        live && setState({ status: "error", message: e instanceof Error && e.message ? e.message : "" }),
    );
    return () => {
      live = false;
    };
  }, [api, key, round]);
  return [state, () => setRound((r) => r + 1), (data: T) => setState({ status: "ready", data })];
}

/** The server's error code and details of a failed call (the widget client's WidgetApiError). */
export const errorCode = (e: unknown): string | undefined => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
};
export const errorDetails = (e: unknown): Record<string, unknown> => {
  const d = (e as { details?: unknown } | null)?.details;
  return d && typeof d === "object" ? (d as Record<string, unknown>) : {};
};

import { useEffect, useState } from "react";

export type Loaded<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; message: string };

/** Loads one of the signed-in user's lists (nothing without a user); reloads when the user changes. */
export function useMine<T>(
  user: { userId: string; token: string } | null,
  load: (userId: string, token: string) => Promise<T>,
): Loaded<T> | null {
  const [state, setState] = useState<Loaded<T> | null>(user ? { status: "loading" } : null);
  const userId = user?.userId;
  const token = user?.token;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a stable method of the portal client
  useEffect(() => {
    if (!userId || !token) {
      setState(null);
      return;
    }
    let live = true;
    setState({ status: "loading" });
    load(userId, token).then(
      (data) => live && setState({ status: "ready", data }),
      (e: Error) => live && setState({ status: "error", message: e.message }),
    );
    return () => {
      live = false;
    };
  }, [userId, token]);
  return state;
}

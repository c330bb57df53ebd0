import { useCallback, useEffect, useState } from "react";
import type { PortalClient } from "./api.ts";

type User = { userId: string; token: string } | null;

/**
 * Save Offer's old home: the portal first kept saved offer ids in this browser. A signed-in customer's ids
 * found there are saved on the server once (offers gone from the app are skipped) and the browser's list
 * is dropped, so nothing saved before is lost.
 */
const oldKey = (appId: string, userId: string) => `brand-app:${appId}:saved-offers:${userId}`;
async function moveBrowserSaves(
  client: PortalClient,
  appId: string,
  user: { userId: string; token: string },
) {
  let ids: unknown;
  try {
    ids = JSON.parse(localStorage.getItem(oldKey(appId, user.userId)) ?? "null");
  } catch {
    return;
  }
  if (!Array.isArray(ids)) return;
  for (const id of ids.slice(0, 200))
    if (typeof id === "string")
      await client.setSavedOffer(user.userId, user.token, id, true).catch(() => undefined);
  try {
    localStorage.removeItem(oldKey(appId, user.userId));
  } catch {
    /* storage blocked: the next load tries again, and saving twice keeps one */
  }
}

export interface SavedOffers {
  /** The saved offer ids, last saved first; null while loading or without a signed-in customer. */
  ids: string[] | null;
  /** Saves or forgets one offer on the server; the list shows the change at once and undoes it on failure. */
  toggle: (offerId: string) => Promise<void>;
  /** The server's message when the list could not be loaded or changed. */
  error: string | null;
}

/** The signed-in customer's saved offers, kept on the server (Save Offer, spec §2). */
export function useSavedOffers(client: PortalClient, appId: string, user: User): SavedOffers {
  const [ids, setIds] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const userId = user?.userId;
  const token = user?.token;
  useEffect(() => {
    setIds(null);
    setError(null);
    if (!userId || !token) return;
    let live = true;
    (async () => {
      await moveBrowserSaves(client, appId, { userId, token });
      const list = await client.savedOffers(userId, token);
      if (live) setIds(list.map((s) => s.offerId));
    })().catch((e: Error) => {
      if (!live) return;
      setIds([]);
      setError(e.message);
    });
    return () => {
      live = false;
    };
  }, [client, appId, userId, token]);
  const toggle = useCallback(
    async (offerId: string) => {
      if (!userId || !token || !ids) return;
      const on = !ids.includes(offerId);
      const before = ids;
      setError(null);
      setIds(on ? [offerId, ...ids] : ids.filter((id) => id !== offerId));
      try {
        await client.setSavedOffer(userId, token, offerId, on);
      } catch (e) {
        setIds(before);
        setError((e as Error).message);
      }
    },
    [client, userId, token, ids],
  );
  return { ids, toggle, error };
}

import type { WidgetClient } from "./client.ts";
import { openedFromUrl, type PushMessage } from "./push-payload.ts";
import type { NotificationItem } from "./views/types.ts";

/** How often an open, visible page asks for new entries when no push tells it. */
const POLL_MS = 5 * 60_000;

export interface InboxState {
  /** Newest first, as the server lists them (at most 100). */
  items: NotificationItem[];
  unread: number;
  /** The entry last opened from outside the page (a system notification's click); a new object each time. */
  opened: NotificationItem | null;
}

/** Who reads the inbox: the end user's id and, once signed in, their token. */
export type InboxUser = () => { userId: string; token?: string };

const toItem = (i: {
  id: string;
  message: string;
  path: string | null;
  createdAt: string;
  read: boolean;
}): NotificationItem => ({ id: i.id, message: i.message, time: i.createdAt, read: i.read, path: i.path });

/**
 * The widget's inbox for one app (the bell and the notifications screen): loaded when the runtime starts,
 * again when the service worker says a push arrived, when the page becomes visible and when the user
 * changes. Opening an entry marks it read at once and records the open (PUT .../opened); an entry opened
 * from a system notification (the service worker's message, or the page address it opened) is opened the
 * same way and handed to the views as `opened`. A visible page also asks every 5 minutes (browsers on the
 * fallback token get no push). Part of the runtime chunk.
 */
export function createInbox(appId: string, client: WidgetClient, user: InboxUser) {
  let state: InboxState = { items: [], unread: 0, opened: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<InboxState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };
  let generation = 0;

  async function refresh(): Promise<void> {
    const { userId, token } = user();
    const mine = ++generation;
    try {
      const answer = await client.notifications(userId, token);
      // An older answer (another user's, before a sign-in) never overwrites a newer one.
      if (mine === generation) set({ items: answer.items.map(toItem), unread: answer.unread });
    } catch {
      // Offline or signed out meanwhile: the list stays as it was.
    }
  }

  async function open(id: string): Promise<void> {
    const entry = state.items.find((n) => n.id === id);
    if (entry && !entry.read)
      set({
        items: state.items.map((n) => (n.id === id ? { ...n, read: true } : n)),
        unread: Math.max(0, state.unread - 1),
      });
    const { userId, token } = user();
    try {
      await client.openNotification(userId, id, token);
    } catch {
      // Another user's or a removed entry: the refresh below shows what is true.
    }
    await refresh();
  }

  /** Opens an entry named from outside the page: the views show the list and follow its path. */
  async function openFromOutside(id: string, path?: string): Promise<void> {
    if (!state.items.some((n) => n.id === id)) await refresh();
    const entry = state.items.find((n) => n.id === id);
    if (!entry && path === undefined) return;
    set({
      opened: { ...(entry ?? { id, message: "", time: Date.now() }), ...(path ? { path } : {}), read: true },
    });
    await open(id);
  }

  const onMessage = (event: MessageEvent) => {
    const data = event.data as PushMessage | undefined;
    if (data?.type === "brand-app:push") void refresh();
    else if (data?.type === "brand-app:open-notification" && data.appId === appId)
      void openFromOutside(data.notificationId, data.path);
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") void refresh();
  };
  // Browsers without web push (the fallback token) learn of new entries by asking now and then.
  let poll: ReturnType<typeof setInterval> | undefined;

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    refresh,
    open,
    start() {
      navigator.serviceWorker?.addEventListener("message", onMessage);
      // Messages to a page the worker does not control wait until the page says it listens.
      navigator.serviceWorker?.startMessages?.();
      document.addEventListener("visibilitychange", onVisible);
      poll = setInterval(() => {
        if (document.visibilityState === "visible") void refresh();
      }, POLL_MS);
      const opened = openedFromUrl(location.href);
      if (opened) {
        // The worker opened this page for an entry: open it once, and keep the address clean for reloads.
        history.replaceState(history.state, "", opened.cleaned);
        void openFromOutside(opened.notificationId);
      } else void refresh();
    },
    stop() {
      navigator.serviceWorker?.removeEventListener("message", onMessage);
      document.removeEventListener("visibilitychange", onVisible);
      clearInterval(poll);
      generation++;
    },
  };
}
export type Inbox = ReturnType<typeof createInbox>;

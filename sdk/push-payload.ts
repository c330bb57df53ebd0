/**
 * The pure parts of the widget's web push (used by the service worker, sdk/push-sw.ts, and the page,
 * sdk/inbox.ts): what the sender's payload says, which open page a click goes to, and how a page opened by
 * the click learns which inbox entry to open.
 */

/** What the sender posts (server/jobs/push-sender.ts): the app's name, the message and its inbox entry. */
export interface PushPayload {
  title: string;
  message: string;
  path?: string;
  notificationId?: string;
  tag?: string;
}

/** What a page tells the service worker when it subscribes: where receipts go and which page to open. */
export interface PushContext {
  appId: string;
  userId: string;
  /** The API's origin (and path) the widget talks to, without a trailing slash. */
  apiBase: string;
  /** The page the widget runs in, opened when a click finds none of the app's pages open. */
  page: string;
}

/** Messages between the service worker and the widget's pages. */
export type PushMessage =
  | { type: "brand-app:push"; notificationId?: string }
  | { type: "brand-app:open-notification"; appId: string; notificationId: string; path?: string };
export type PageMessage = { type: "brand-app:push-context"; context: PushContext };

/** The page address' parameter naming the inbox entry a click opened the page for. */
export const OPEN_PARAM = "ba-notification";

const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v : undefined);

/**
 * Reads a push's data (JSON from the sender; plain text is shown as the message). Fields of the wrong type
 * are left out rather than shown as "[object Object]".
 */
export function parsePayload(data: string | null | undefined, fallbackTitle = "Notification"): PushPayload {
  let raw: Record<string, unknown> = {};
  if (data) {
    try {
      const parsed = JSON.parse(data);
      raw = parsed && typeof parsed === "object" ? parsed : { message: String(parsed) };
    } catch {
      raw = { message: data };
    }
  }
  const payload: PushPayload = { title: text(raw.title) ?? fallbackTitle, message: text(raw.message) ?? "" };
  const path = text(raw.path);
  const notificationId = text(raw.notificationId);
  const tag = text(raw.tag);
  if (path) payload.path = path;
  if (notificationId) payload.notificationId = notificationId;
  if (tag) payload.tag = tag;
  return payload;
}

/** The push path is a web address (opened as such), not a screen of the app. */
export const isWebLink = (path: string | undefined): path is string => !!path && /^https?:\/\//i.test(path);

/**
 * Which open window a click goes to: the page the widget subscribed from, else another page of its
 * origin (the widget may run on several), preferring a focused one; undefined when none is open.
 */
export function pickClient<C extends { url: string; focused?: boolean }>(
  clients: C[],
  page: string,
): C | undefined {
  const origin = originOf(page);
  const same = clients.filter((c) => originOf(c.url) === origin);
  return (
    same.find((c) => stripOpen(c.url) === stripOpen(page)) ??
    same.find((c) => c.focused) ??
    same[0] ??
    undefined
  );
}

/** The page address with the entry to open (replacing one already there). */
export function pageOpening(page: string, notificationId: string): string {
  const url = new URL(page);
  url.searchParams.set(OPEN_PARAM, notificationId);
  return url.href;
}

/** The entry a page was opened for, and its address without the parameter (to put back in history). */
export function openedFromUrl(href: string): { notificationId: string; cleaned: string } | null {
  const url = new URL(href);
  const id = url.searchParams.get(OPEN_PARAM);
  if (!id) return null;
  url.searchParams.delete(OPEN_PARAM);
  return { notificationId: id, cleaned: url.href };
}

function originOf(href: string): string {
  try {
    return new URL(href).origin;
  } catch {
    return "";
  }
}

const stripOpen = (href: string) => {
  try {
    return openedFromUrl(href)?.cleaned ?? new URL(href).href;
  } catch {
    return href;
  }
};

import {
  isWebLink,
  type PageMessage,
  type PushContext,
  type PushMessage,
  pageOpening,
  parsePayload,
  pickClient,
} from "./push-payload.ts";

/**
 * The widget's service worker (built to /sdk/push-sw.js): shows the app's push messages from the sender's
 * payload {title, message, path, notificationId, tag}, posts the delivered receipt of the inbox entry, and
 * on click focuses an open page of the app (or opens the one the widget subscribed from) and has it open
 * the entry. Pages tell it who they are (PushContext) when they subscribe; it keeps that in Cache Storage,
 * which outlives the worker between events. Typed loosely because the project's DOM typings and the worker
 * typings cannot share one program.
 */
interface WindowClient {
  url: string;
  focused?: boolean;
  focus(): Promise<WindowClient>;
  postMessage(message: PushMessage): void;
}
interface SwScope {
  addEventListener(type: string, listener: (event: any) => void): void;
  registration: {
    scope: string;
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
  };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
}
declare const caches: {
  open(name: string): Promise<{
    put(key: string, response: Response): Promise<void>;
    match(key: string): Promise<Response | undefined>;
    keys(): Promise<{ url: string }[]>;
  }>;
};
const sw = self as unknown as SwScope;

const STORE = "brand-app-push";
const contextKey = (appId: string) =>
  `${sw.registration.scope}__brand-app-context/${encodeURIComponent(appId)}`;

async function saveContext(context: PushContext) {
  const store = await caches.open(STORE);
  await store.put(contextKey(context.appId), new Response(JSON.stringify(context)));
}

async function contexts(): Promise<PushContext[]> {
  const store = await caches.open(STORE);
  const keys = await store.keys();
  const out: PushContext[] = [];
  for (const k of keys) {
    const res = await store.match(k.url);
    if (res) out.push((await res.json()) as PushContext);
  }
  return out;
}

/**
 * The delivered receipt (POST .../notifications/{id}/delivered). The payload does not name the app, so each
 * app this browser subscribed for is tried until one knows the entry; answers that app's context.
 */
async function deliver(notificationId: string): Promise<PushContext | undefined> {
  for (const c of await contexts()) {
    try {
      const res = await fetch(
        `${c.apiBase}/api/mobile/users/${encodeURIComponent(c.userId)}/notifications/${encodeURIComponent(notificationId)}/delivered`,
        { method: "POST", headers: { "x-app": c.appId } },
      );
      if (res.ok) return c;
    } catch {
      // Offline: the entry is still in the inbox; only the receipt is lost.
    }
  }
  return undefined;
}

sw.addEventListener("install", (event) => event.waitUntil(sw.skipWaiting()));
sw.addEventListener("activate", (event) => event.waitUntil(sw.clients.claim()));

sw.addEventListener("message", (event) => {
  const data = event.data as PageMessage | undefined;
  if (data?.type === "brand-app:push-context" && data.context?.appId)
    event.waitUntil(saveContext(data.context));
});

sw.addEventListener("push", (event) => {
  let data: string | null = null;
  try {
    data = event.data?.text() ?? null;
  } catch {
    data = null;
  }
  const payload = parsePayload(data);
  event.waitUntil(
    (async () => {
      const app = payload.notificationId ? await deliver(payload.notificationId) : undefined;
      await sw.registration.showNotification(payload.title, {
        body: payload.message,
        ...(payload.tag ? { tag: payload.tag } : {}),
        data: { path: payload.path, notificationId: payload.notificationId, appId: app?.appId },
      });
      // Open pages refresh their inbox (the bell's count).
      for (const client of await sw.clients.matchAll({ type: "window", includeUncontrolled: true }))
        client.postMessage({ type: "brand-app:push", notificationId: payload.notificationId });
    })(),
  );
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = (event.notification.data ?? {}) as { path?: string; notificationId?: string; appId?: string };
  event.waitUntil(
    (async () => {
      const all = await contexts();
      const context = all.find((c) => c.appId === data.appId) ?? all[0];
      const open = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const message: PushMessage | undefined =
        context && data.notificationId
          ? {
              type: "brand-app:open-notification",
              appId: context.appId,
              notificationId: data.notificationId,
              ...(data.path ? { path: data.path } : {}),
            }
          : undefined;
      const client = context ? pickClient(open, context.page) : undefined;
      // A web link opens itself; an open page of the app still records the open.
      if (isWebLink(data.path)) {
        if (client && message) client.postMessage(message);
        await sw.clients.openWindow(data.path);
        return;
      }
      if (client) {
        if (message) client.postMessage(message);
        // Focusing needs the click's permission to bring a window forward; the page opens the entry anyway.
        await client.focus().catch(() => undefined);
        return;
      }
      if (context)
        await sw.clients.openWindow(
          data.notificationId ? pageOpening(context.page, data.notificationId) : context.page,
        );
    })(),
  );
});

import type { Analytics } from "./analytics.ts";
import type { WidgetClient } from "./client.ts";
import { idbGet, idbSet } from "./idb.ts";
import type { PageMessage, PushContext } from "./push-payload.ts";

const urlBase64ToBytes = (s: string) => {
  const raw = atob((s + "=".repeat((4 - (s.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/**
 * Web push for one app (spec §7 subscribe3): registers the widget's service worker, subscribes with the
 * server's VAPID public key and stores the subscription with `{ userId, platform: "Web", token }`. A browser
 * without push, or a page on another origin than the widget (a service worker must be same-origin), gets the
 * spec's fallback token built from the user id and an unsupported_feature signal. `prompt` false only
 * subscribes when permission was already granted, so nothing asks the visitor unprompted.
 */
export async function subscribePush(
  appId: string,
  client: WidgetClient,
  analytics: Analytics,
  opts: { userId: string; swUrl: string; prompt: boolean; apiBase?: string },
): Promise<"subscribed" | "fallback"> {
  const fallback = async () => {
    await client.subscribe3(opts.userId, `web-${opts.userId}`);
    return "fallback" as const;
  };
  const supported =
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    typeof Notification !== "undefined" &&
    new URL(opts.swUrl, location.href).origin === location.origin;
  if (!supported) {
    analytics.fail("unsupported_feature", { title: "push" });
    return fallback();
  }
  // Without permission the device is still subscribed, with the fallback token, so the server knows it.
  if (Notification.permission === "denied") return fallback();
  if (Notification.permission !== "granted") {
    if (!opts.prompt) return fallback();
    if ((await Notification.requestPermission()) !== "granted") return fallback();
  }
  try {
    const registration = await navigator.serviceWorker.register(opts.swUrl);
    // Its scope (/sdk/) does not hold the page, so `navigator.serviceWorker.ready` would never settle: wait
    // for this registration's own worker instead.
    const worker = await activeWorker(registration);
    // Where its receipts go and which page a click opens (sdk/push-sw.ts), before any push can arrive.
    const context: PushContext = {
      appId,
      userId: opts.userId,
      apiBase: (opts.apiBase || location.origin).replace(/\/+$/, ""),
      page: location.href,
    };
    worker.postMessage({ type: "brand-app:push-context", context } satisfies PageMessage);
    let subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      const key = await client.vapidPublicKey();
      // A browser that cannot reach its push service may never answer: then it counts as unsupported.
      subscription = await settleWithin(
        registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: urlBase64ToBytes(key),
        }),
        SUBSCRIBE_TIMEOUT_MS,
      );
    }
    const token = JSON.stringify(subscription);
    // Sent again only when the token or the user changed.
    const known = await idbGet<string>(appId, "pushToken").catch(() => undefined);
    if (known !== `${opts.userId}|${token}`) {
      await client.subscribe3(opts.userId, token);
      await idbSet(appId, "pushToken", `${opts.userId}|${token}`).catch(() => {});
    }
    return "subscribed";
  } catch (e) {
    analytics.fail((e as { status?: number }).status ? "http_error" : "unsupported_feature", {
      title: "push",
    });
    return fallback();
  }
}

/**
 * Shows a message of the app as a system notification through the widget's worker, where the visitor
 * allowed notifications and the worker is registered (same origin); otherwise the inbox alone has it.
 */
export async function showOnDevice(
  swUrl: string,
  title: string,
  body: string,
  tag: string,
): Promise<boolean> {
  try {
    if (typeof Notification === "undefined" || Notification.permission !== "granted") return false;
    const registration = await navigator.serviceWorker?.getRegistration(new URL("./", swUrl).href);
    if (!registration) return false;
    await registration.showNotification(title, { body, tag });
    return true;
  } catch {
    return false;
  }
}

/** How long the browser's push service may take to hand out a subscription. */
const SUBSCRIBE_TIMEOUT_MS = 30_000;

function settleWithin<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("The push service did not answer")), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The registration's worker once it is activated (a fresh one installs and activates first). */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  const { active } = registration;
  if (active) return Promise.resolve(active);
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return Promise.reject(new Error("No service worker"));
  return new Promise((resolve, reject) => {
    const onChange = () => {
      if (worker.state === "activated") {
        worker.removeEventListener("statechange", onChange);
        resolve(worker);
      } else if (worker.state === "redundant") {
        worker.removeEventListener("statechange", onChange);
        reject(new Error("The service worker was replaced"));
      }
    };
    worker.addEventListener("statechange", onChange);
    onChange();
  });
}

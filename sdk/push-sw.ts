/**
 * The widget's service worker (built to /sdk/push-sw.js): shows the app's push messages and opens their path
 * on click. Typed loosely because the project's DOM typings and the worker typings cannot share one program.
 */
interface PushPayload {
  title?: string;
  message?: string;
  path?: string;
}
interface SwScope {
  addEventListener(type: string, listener: (event: any) => void): void;
  registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
  clients: { openWindow(url: string): Promise<unknown> };
}
const sw = self as unknown as SwScope;

sw.addEventListener("push", (event) => {
  let payload: PushPayload = {};
  try {
    payload = event.data?.json() ?? {};
  } catch {
    payload = { message: event.data?.text() };
  }
  event.waitUntil(
    sw.registration.showNotification(payload.title || "Notification", {
      body: payload.message ?? "",
      data: { path: payload.path },
    }),
  );
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = event.notification.data?.path;
  // Only web links open; an app path has nothing to open in a browser.
  if (typeof path === "string" && /^https?:\/\//.test(path)) event.waitUntil(sw.clients.openWindow(path));
});

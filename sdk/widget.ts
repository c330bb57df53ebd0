import { type Account, createAccount } from "./account.ts";
import { type Analytics, analyticsFor, type SignalData } from "./analytics.ts";
import type { AppStore } from "./app-store.ts";
import type { WidgetClient } from "./client.ts";
import type { BrandAppEmit } from "./events.ts";
import { createGeofenceWatch } from "./geofence-watch.ts";
import { createInbox } from "./inbox.ts";
import { showOnDevice, subscribePush } from "./push.ts";

/**
 * One widget instance, framework-free: the app store, the end user's account, analytics and push for one
 * app id. `start` and `stop` bracket everything that listens or ticks, so removing the element leaves
 * nothing behind; instances of different apps share nothing. Loaded after the first render (see
 * runtime.ts), so XState and the account screens are not part of the JS the home view waits for.
 */
export function createWidget(
  appId: string,
  apiBase: string,
  client: WidgetClient,
  app: AppStore,
  /** Tells the host page (the element's DOM events, events.ts). */
  emit: BrandAppEmit = () => {},
) {
  let analytics: Analytics | null = null;
  const account: Account = createAccount(appId, client, {
    onSignedIn: (method) => {
      track("login", { loginMethod: method });
      void push(false);
      void inbox.refresh();
      emit("brand-app:sign-in", { appId, userId: account.userId() });
    },
    onSignedOut: () => {
      track("logout");
      void inbox.refresh();
      emit("brand-app:sign-out", { appId });
    },
  });
  const track = (name: string, data?: SignalData, time?: Date) => analytics?.track(name, data, time);
  // The inbox and location alerts act for the end user: the signed-in one with their token, else the install id.
  const endUser = () => {
    const s = account.get();
    return { userId: account.userId(), token: s.signedIn ? s.user.token : undefined };
  };
  const inbox = createInbox(appId, client, endUser);
  const geofences = createGeofenceWatch(appId, client, {
    fences: () => {
      const s = app.get();
      return s.status === "ready" ? s.app.definition.geofences : undefined;
    },
    user: endUser,
    onEntered: (answer, geofenceId) => {
      if (!answer.delivered || answer.silent) return;
      void inbox.refresh();
      // Also on the device, as a push would be (the page may be in the background).
      const s = app.get();
      const title = s.status === "ready" ? s.app.definition.name : "";
      void showOnDevice(swUrl, title || "Notification", answer.message, `geofence:${geofenceId}`);
    },
  });
  const swUrl = `${apiBase || location.origin}/sdk/push-sw.js`;
  const push = (prompt: boolean) =>
    analytics
      ? subscribePush(appId, client, analytics, { userId: account.userId(), swUrl, prompt, apiBase }).catch(
          () => "failed" as const,
        )
      : Promise.resolve("fallback" as const);

  return {
    client,
    app,
    account,
    track,
    /** The bell and the notifications screen (inbox.ts). */
    inbox,
    /** Location alerts: the app's geofences while the page is open (geofence-watch.ts). */
    geofences,
    /** Subscribes to web push; `prompt` asks the visitor for permission (call it from a click). */
    enablePush: () => push(true),
    start() {
      analytics = analyticsFor(appId, client, {
        userId: account.userId,
        tags: () => {
          const s = app.get();
          return s.status === "ready" ? (s.app.analyticsIds ?? []) : [];
        },
      });
      account.start();
      // Allowed before: the subscription (and the service worker's context) is renewed without asking.
      if (typeof Notification !== "undefined" && Notification.permission === "granted") void push(false);
      inbox.start();
      void geofences.start();
    },
    stop() {
      inbox.stop();
      geofences.stop();
      account.stop();
      analytics?.release();
      analytics = null;
    },
  };
}
export type Widget = ReturnType<typeof createWidget>;

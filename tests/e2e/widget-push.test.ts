import { execFileSync } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page, Worker } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { launchBrowser } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * A push received in a real Chromium widget and opened from its inbox (issue 13), on the built product: the
 * widget subscribes with the notifications permission granted; the console sends a push sharing a coupon;
 * the real sender (server/jobs/push-sender.ts, pg-boss in the server) encrypts it for a subscription whose
 * endpoint is this test's own HTTPS push service, which decrypts what was posted (RFC 8291); the decrypted
 * message reaches the widget's service worker through the DevTools protocol's
 * `ServiceWorker.deliverPushMessage`. The worker shows it and posts the delivered receipt, the bell counts
 * it, opening it from the inbox opens the coupon and records the open; the worker's click and a page
 * opened for an entry open it too.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(body: Buffer, params: { version: "aes128gcm"; privateKey: unknown; authSecret: string }): Buffer;
};

let server: RunningServer;
let browser: Browser;
let token = "";
let appId: string;
let couponId: string;
let tmp: string;

/** The test's push service: what the sender posted, in order. */
const received: { url: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
let pushService: https.Server;
let pushServiceUrl: string;

const COUPONS = crypto.randomUUID();
const message = "Your oil change special is waiting";
const definition = {
  name: "Push Motors",
  theme: { layout: "SingleRow", rowFeatureCount: 4 },
  features: [{ id: COUPONS, type: "Coupons", title: "Specials" }],
};

async function api<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

beforeAll(async () => {
  // A certificate for 127.0.0.1 that the server trusts through PUSH_CA_FILE (push services are https only).
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "widget-push-"));
  const key = path.join(tmp, "key.pem");
  const cert = path.join(tmp, "cert.pem");
  execFileSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-keyout",
    key,
    "-out",
    cert,
    "-days",
    "1",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
  ]);
  pushService = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  pushServiceUrl = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

  server = await startServer({ PUSH_CA_FILE: cert });
  browser = await launchBrowser();
  const email = `owner-push-${Date.now()}@example.com`;
  await api("POST", "/accounts/sign-up", { email, password: "secret-pass" });
  token = await api<string>("POST", "/accounts/sign-in", { email, password: "secret-pass" });
  appId = (await api<{ appId: string }>("POST", "/apps", { definition })).appId;
  couponId = (
    await api<{ id: string }>("POST", `/apps/${appId}/coupons`, {
      title: "Oil change $19.99",
      description: "Show this coupon to your service advisor.",
    })
  ).id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => pushService?.close(r));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Waits for a condition the page reaches on its own (lazy chunks, the runtime, the worker's messages). */
const waitFor = <T>(check: () => T | Promise<T>, options: { timeout?: number; interval?: number } = {}) =>
  vi.waitFor(check, { timeout: 15_000, interval: 100, ...options });

/** axe-core's serious and critical findings inside the widget. */
async function seriousViolations(page: Page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (
      window as unknown as {
        axe: {
          run: (ctx: unknown) => Promise<{ violations: { id: string; impact: string; help: string }[] }>;
        };
      }
    ).axe.run({ include: [["brand-app"]] }),
  );
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help}`);
}

const widget = (page: Page) => page.locator("brand-app");
const screenOf = (w: Locator) =>
  w.locator(".ba-root > .ba-home, .ba-root > .ba-surface > .ba-screen, .ba-root > .ba-screen").first();

describe("web push in the widget", () => {
  let context: BrowserContext;
  let page: Page;
  let sw: Worker;
  let userId: string;
  let pushId: string;
  let notificationId: string;

  it("subscribes, receives the sender's encrypted push through the worker, counts it and opens it from the inbox", async () => {
    context = await browser.newContext();
    await context.grantPermissions(["notifications"], { origin: server.url });
    page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    const subscribed: { userId: string; platform: string; token: string }[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/mobile/app/push-notifications/subscribe3"))
        subscribed.push(r.postDataJSON());
    });
    const workerStarted = context.waitForEvent("serviceworker");
    await page.goto(`${server.url}/demo/${appId}`);
    const w = widget(page);
    await w.locator(".ba-name").waitFor();
    // Allowed before: the widget registers its worker and subscribes without asking.
    sw = context.serviceWorkers()[0] ?? (await workerStarted);
    expect(new URL(sw.url()).pathname).toBe("/sdk/push-sw.js");
    await waitFor(() => expect(subscribed).toHaveLength(1), { timeout: 15_000 });
    userId = await page.evaluate(
      (id) => JSON.parse(localStorage.getItem(`brand-app:${id}:user`) ?? "{}").userId as string,
      appId,
    );
    // The browser's own subscription is what the widget sends; headless Chromium without a push service
    // has none (subscribe fails), and then the spec's fallback token is stored.
    const browserSubscription = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration("/sdk/");
      const s = await registration?.pushManager.getSubscription();
      return s ? JSON.stringify(s) : null;
    });
    expect(subscribed[0]).toEqual({ userId, platform: "Web", token: browserSubscription ?? `web-${userId}` });
    const bell = w.locator(".ba-bell");
    await expect(bell.getAttribute("aria-label")).resolves.toBe("Notifications");

    // The test's push service stands in for the browser's: a Web subscription of the same user.
    const receiver = createECDH("prime256v1");
    receiver.generateKeys();
    const auth = randomBytes(16);
    await api(
      "POST",
      "/mobile/app/push-notifications/subscribe3",
      {
        userId,
        platform: "Web",
        token: JSON.stringify({
          endpoint: `${pushServiceUrl}/push/${crypto.randomUUID()}`,
          keys: { p256dh: receiver.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        }),
      },
      { "x-app": appId },
    );

    // The console sends a push now, sharing the coupon, to this visitor.
    pushId = (
      await api<{ id: string }>("POST", `/apps/${appId}/push-notifications`, {
        apps: [appId],
        message,
        scheduleTime: new Date().toISOString(),
        shareCoupon: couponId,
        userIds: [userId],
      })
    ).id;

    // The real sender posts one encrypted message with the app's VAPID key.
    await waitFor(() => expect(received).toHaveLength(1), { timeout: 30_000, interval: 200 });
    const post = received[0];
    const vapidKey = await api<string>("GET", "/mobile/app/push-notifications/vapid-public-key");
    expect(post.headers["content-encoding"]).toBe("aes128gcm");
    expect(String(post.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapidKey}$`),
    );
    const plaintext = ece
      .decrypt(post.body, {
        version: "aes128gcm",
        privateKey: receiver,
        authSecret: auth.toString("base64url"),
      })
      .toString("utf8");
    const payload = JSON.parse(plaintext);
    expect(payload).toEqual({
      title: "Push Motors",
      message,
      // The shared coupon is the push's path, as in the inbox entry.
      path: `coupon:${couponId}`,
      notificationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tag: post.headers.topic,
    });
    notificationId = payload.notificationId;

    // The decrypted message reaches the widget's worker as the browser's push service would deliver it.
    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
      for (const r of e.registrations) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send("ServiceWorker.enable");
    await waitFor(() => expect(registrations.get(`${server.url}/sdk/`)).toBeDefined());
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: server.url,
      registrationId: registrations.get(`${server.url}/sdk/`) as string,
      data: plaintext,
    });

    // The worker shows it ...
    const shown = () =>
      sw.evaluate(async () => {
        const scope = self as unknown as {
          registration: { getNotifications(): Promise<{ title: string; body: string; tag: string }[]> };
        };
        return (await scope.registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
        }));
      });
    await waitFor(async () =>
      expect(await shown()).toEqual([{ title: "Push Motors", body: message, tag: post.headers.topic }]),
    );
    // ... posts the delivered receipt (counted once on the push) and the open page's bell counts it.
    await waitFor(
      async () =>
        expect(
          (await api<{ counts: { delivered: number } }>("GET", `/apps/${appId}/push-notifications/${pushId}`))
            .counts.delivered,
        ).toBe(1),
      { timeout: 10_000, interval: 200 },
    );
    await waitFor(async () => expect(await bell.getAttribute("aria-label")).toBe("Notifications, 1 unread"));
    await expect(w.locator(".ba-badge").textContent()).resolves.toBe("1");

    // The inbox lists it unread; opening it opens the shared coupon and records the open.
    await bell.click();
    await expect(screenOf(w).getAttribute("data-page")).resolves.toBe("notifications");
    await expect(w.locator(".ba-notification .ba-card-title").allTextContents()).resolves.toEqual([message]);
    await expect(w.locator(".ba-notification.ba-unread").count()).resolves.toBe(1);
    await w.locator(".ba-notification .ba-card").click();
    await waitFor(async () => expect(await screenOf(w).getAttribute("data-page")).toBe("couponDetails"));
    await expect(w.locator(".ba-detail-title").textContent()).resolves.toBe("Oil change $19.99");
    await waitFor(
      async () =>
        expect(
          (await api<{ counts: { opened: number } }>("GET", `/apps/${appId}/push-notifications/${pushId}`))
            .counts,
        ).toMatchObject({ delivered: 1, opened: 1 }),
      { timeout: 10_000, interval: 200 },
    );
    await w.locator(".ba-back").click();
    await expect(w.locator(".ba-notification.ba-unread").count()).resolves.toBe(0);
    await w.locator(".ba-back").click();
    await expect(bell.getAttribute("aria-label")).resolves.toBe("Notifications");
    await expect(w.locator(".ba-badge").count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it("a click on the system notification has the open page open the entry; a page opened for it too", async () => {
    await page.reload();
    const w = widget(page);
    await w.locator(".ba-name").waitFor();
    await expect(screenOf(w).getAttribute("data-page")).resolves.toBe("home");
    // The worker's click handler with the notification it shows (a real click needs a desktop).
    await sw.evaluate(async () => {
      const scope = self as unknown as {
        registration: { getNotifications(): Promise<unknown[]> };
        dispatchEvent(e: Event): boolean;
      };
      const [shown] = await scope.registration.getNotifications();
      const NotificationEvent = (
        self as unknown as { NotificationEvent: new (t: string, i: object) => Event }
      ).NotificationEvent;
      scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: shown }));
    });
    await waitFor(async () => expect(await screenOf(w).getAttribute("data-page")).toBe("couponDetails"));
    await expect(w.locator(".ba-detail-title").textContent()).resolves.toBe("Oil change $19.99");
    await w.locator(".ba-back").click();
    await expect(screenOf(w).getAttribute("data-page")).resolves.toBe("notifications");
    // The click closed the notification.
    await expect(
      sw.evaluate(
        async () =>
          (
            await (
              self as unknown as { registration: { getNotifications(): Promise<unknown[]> } }
            ).registration.getNotifications()
          ).length,
      ),
    ).resolves.toBe(0);

    // With no page of the app open, the worker opens the subscribing page naming the entry: it opens it
    // and takes the entry out of its address.
    const opened = await context.newPage();
    await opened.goto(`${server.url}/demo/${appId}?ba-notification=${notificationId}`);
    const w2 = widget(opened);
    await waitFor(async () => expect(await screenOf(w2).getAttribute("data-page")).toBe("couponDetails"));
    await expect(w2.locator(".ba-detail-title").textContent()).resolves.toBe("Oil change $19.99");
    expect(opened.url()).toBe(`${server.url}/demo/${appId}`);
    // Opened before: still counted once.
    expect(
      (await api<{ counts: { opened: number } }>("GET", `/apps/${appId}/push-notifications/${pushId}`)).counts
        .opened,
    ).toBe(1);
    await context.close();
  });
});

describe("location alerts in the widget", () => {
  it("asks for nothing on load; once turned on, entering an active geofence delivers its message once, also on the device", async () => {
    const fence = await api<{ id: string }>("POST", `/apps/${appId}/geofences`, {
      name: "Showroom",
      message: "Welcome to the showroom: coffee is on us",
      shape: "circle",
      location: { lat: 40, lng: -75, radius: 1, radiusUnit: "km" },
      apps: [appId],
    });
    // The widget's app carries it.
    const mobileApp = await api<{ definition: { geofences?: { id: string }[] } }>(
      "GET",
      "/mobile/app",
      undefined,
      {
        "x-app": appId,
      },
    );
    expect(mobileApp.definition.geofences?.map((g) => g.id)).toEqual([fence.id]);
    const context = await browser.newContext();
    // The location is granted to the site, but nothing watches it until the visitor turns the alerts on.
    await context.grantPermissions(["geolocation", "notifications"], { origin: server.url });
    await context.setGeolocation({ latitude: 45, longitude: -75 });
    await context.addInitScript(() => {
      const geo = navigator.geolocation;
      const watch = geo.watchPosition.bind(geo);
      const counted = window as unknown as { watches: number; positions: number[][] };
      counted.watches = 0;
      counted.positions = [];
      geo.watchPosition = (success, ...rest) => {
        counted.watches++;
        return watch(
          (p) => {
            counted.positions.push([p.coords.latitude, p.coords.longitude]);
            success(p);
          },
          ...rest,
        );
      };
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const entered: { url: string; body: { userId: string; lat: number; lng: number } }[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/enter")) entered.push({ url: r.url(), body: r.postDataJSON() });
    });
    const workerStarted = context.waitForEvent("serviceworker");
    await page.goto(`${server.url}/demo/${appId}`);
    const w = widget(page);
    await w.locator(".ba-name").waitFor();
    const worker = context.serviceWorkers()[0] ?? (await workerStarted);
    await w.locator(".ba-bell").click();
    const turnOn = w.getByRole("button", { name: "Turn on location alerts", exact: true });
    await turnOn.waitFor();
    await expect(page.evaluate(() => (window as unknown as { watches: number }).watches)).resolves.toBe(0);

    // Outside the geofence: watching, nothing reported.
    await turnOn.click();
    await w.getByRole("button", { name: "Turn off location alerts", exact: true }).waitFor();
    await expect(page.evaluate(() => (window as unknown as { watches: number }).watches)).resolves.toBe(1);
    // Inside: reported once, and the message lands in the inbox.
    await context.setGeolocation({ latitude: 40.001, longitude: -75.001 });
    await waitFor(async () =>
      expect(await w.locator(".ba-notification .ba-card-title").allTextContents()).toEqual([
        "Welcome to the showroom: coffee is on us",
      ]),
    );
    const userId = await page.evaluate(
      (id) => JSON.parse(localStorage.getItem(`brand-app:${id}:user`) ?? "{}").userId as string,
      appId,
    );
    expect(entered).toEqual([
      {
        url: `${server.url}/api/mobile/geofences/${fence.id}/enter`,
        body: { userId, lat: 40.001, lng: -75.001 },
      },
    ]);
    // Notifications are allowed: the device shows it too, through the widget's worker.
    await waitFor(async () =>
      expect(
        await worker.evaluate(async () =>
          (
            await (
              self as unknown as {
                registration: { getNotifications(): Promise<{ title: string; body: string; tag: string }[]> };
              }
            ).registration.getNotifications()
          ).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
        ),
      ).toEqual([
        {
          title: "Push Motors",
          body: "Welcome to the showroom: coffee is on us",
          tag: `geofence:${fence.id}`,
        },
      ]),
    );
    // The list with its unread entry and the switch passes axe.
    expect(await seriousViolations(page)).toEqual([]);
    // Leaving and entering again in the same occurrence reports nothing more.
    // Each position is waited for before the next: Chromium may skip a position that another replaces at
    // once (CI under load: the watch saw 40.001 then 40, never 45).
    const lastSeen = async () =>
      (await page.evaluate(() => (window as unknown as { positions: number[][] }).positions)).at(-1);
    await context.setGeolocation({ latitude: 45, longitude: -75 });
    await waitFor(async () => expect(await lastSeen()).toEqual([45, -75]));
    await context.setGeolocation({ latitude: 40, longitude: -75 });
    // The widget's watch was told it is back inside, and reported nothing more.
    await waitFor(async () => expect(await lastSeen()).toEqual([40, -75]));
    expect(entered).toHaveLength(1);

    // A later visit resumes the alerts the visitor turned on (the location is granted), reporting nothing new.
    await page.reload();
    await widget(page).locator(".ba-name").waitFor();
    await widget(page).locator(".ba-bell").click();
    await widget(page).getByRole("button", { name: "Turn off location alerts", exact: true }).waitFor();
    await waitFor(async () =>
      expect(await page.evaluate(() => (window as unknown as { watches: number }).watches)).toBe(1),
    );
    expect(entered).toHaveLength(1);
    await expect(widget(page).locator(".ba-notification .ba-card-title").allTextContents()).resolves.toEqual([
      "Welcome to the showroom: coffee is on us",
    ]);

    // An admin's edit of only the filters (spec §6: an update resets the geofence): the widget's payload
    // carries the new version, so the next visit inside reports the entry again and delivers it again.
    const edited = await api<{ version: number }>("PUT", `/apps/${appId}/geofences/${fence.id}`, {
      name: "Showroom",
      message: "Welcome to the showroom: coffee is on us",
      shape: "circle",
      location: { lat: 40, lng: -75, radius: 1, radiusUnit: "km" },
      apps: [appId],
      filters: { membership: "non-member" },
    });
    expect(edited.version).toBe(2);
    await page.reload();
    await widget(page).locator(".ba-name").waitFor();
    await widget(page).locator(".ba-bell").click();
    await waitFor(() => expect(entered).toHaveLength(2), { timeout: 15_000 });
    expect(entered[1]).toEqual({
      url: `${server.url}/api/mobile/geofences/${fence.id}/enter`,
      body: { userId, lat: 40, lng: -75 },
    });
    await waitFor(async () =>
      expect(await widget(page).locator(".ba-notification .ba-card-title").allTextContents()).toEqual([
        "Welcome to the showroom: coffee is on us",
        "Welcome to the showroom: coffee is on us",
      ]),
    );
    await context.close();
  });
});

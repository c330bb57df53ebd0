import { expect } from "@esm-bundle/chai";
import { api, createApp, newAccount, until } from "./helpers.js";

describe("web push", () => {
  it("the service worker is served from /sdk/ and registers", async () => {
    const res = await fetch("/sdk/push-sw.js");
    expect(res.status).to.equal(200);
    expect(res.headers.get("content-type")).to.match(/javascript/);
    const registration = await navigator.serviceWorker.register("/sdk/push-sw.js");
    try {
      const worker = await until(
        () => registration.active ?? registration.installing ?? registration.waiting,
      );
      await until(() => worker.state === "activated" || registration.active?.state === "activated");
    } finally {
      await registration.unregister();
    }
  });

  it("the VAPID public key stays the same and is a P-256 point", async () => {
    const a = await api("/mobile/app/push-notifications/vapid-public-key");
    const b = await api("/mobile/app/push-notifications/vapid-public-key");
    expect(a).to.equal(b);
    const raw = atob(a.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (a.length % 4)) % 4));
    expect(raw.length).to.equal(65);
    expect(raw.charCodeAt(0)).to.equal(4);
  });

  it("subscribe3 accepts a Web token for the app of X-App", async () => {
    const appId = await createApp(await newAccount(), { name: "Push Motors" });
    const res = await fetch("/api/mobile/app/push-notifications/subscribe3", {
      method: "POST",
      headers: { "content-type": "application/json", "x-app": appId },
      body: JSON.stringify({ userId: "u-1", platform: "Web", token: "web-u-1" }),
    });
    expect(res.status).to.equal(200);
  });
});

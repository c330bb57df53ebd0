import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, someAddress, type TestUser, testApp, testUser } from "../test-helpers.ts";

/**
 * A discontinued app (status Inactive, set by an Admin) is gone for the widget: its public app, sign-in
 * codes, push subscriptions, forms and analytics are all refused with 404 "The app has been discontinued"
 * (analytics: the whole batch fails, nothing is stored), while an active app keeps working.
 */
let app: FastifyInstance;
let admin: TestUser;
let active: string;
let discontinued: string;
const FORM_ID = "9b2f7c1e-2a51-4d0b-8f1e-0000000d15c0";
const DISCONTINUED = "The app has been discontinued";

async function formApp(owner: TestUser, name: string): Promise<string> {
  const res = await call(app, {
    method: "POST",
    url: "/api/apps",
    headers: owner.headers,
    payload: {
      definition: {
        name,
        features: [
          {
            id: FORM_ID,
            type: "Form",
            title: "Contact",
            recipients: "gm@dealer.example",
            fields: [
              { name: "Full name", type: "Text" },
              { name: "Message", type: "TextArea" },
            ],
          },
        ],
      },
    },
  });
  if (res.status !== 200) throw new Error(`app not created: ${JSON.stringify(res.body)}`);
  return res.body.data.appId;
}

beforeAll(async () => {
  app = await testApp();
  admin = await testUser(app, "Admin");
  const owner = await testUser(app);
  active = await formApp(owner, "Still Open Motors");
  discontinued = await formApp(owner, "Closed Down Motors");
  // The widget has already loaded the app (it is cached) when an Admin discontinues it.
  expect((await widgetApp(discontinued)).status).toBe(200);
  const res = await call(app, {
    method: "PUT",
    url: `/api/admin/apps/${discontinued}/metadata`,
    headers: admin.headers,
    payload: { status: "Inactive" },
  });
  expect(res.status).toBe(200);
  const { rows } = await app.database.execute("select status from apps where id = $1", [discontinued]);
  expect(rows[0].status).toBe("Inactive");
}, 60_000);
afterAll(() => app.close());

const widgetApp = (appId: string) =>
  call(app, { method: "GET", url: "/api/mobile/app", headers: { "x-app": appId } });

const signal = (appId: string) => ({
  id: randomUUID(),
  time: new Date().toISOString(),
  appId,
  platform: "Web",
  name: "page_view",
  data: { page: "home" },
});
/** A batch sent for `appId` (X-App), as the widget sends it. */
const analytics = (appId: string, signals: object[]) =>
  call(app, {
    method: "POST",
    url: "/api/mobile/analytics/events",
    headers: { "x-app": appId },
    payload: signals,
  });
const stored = async (appId: string) =>
  Number(
    (await app.database.execute("select count(*)::int as n from analytics_events where app_id = $1", [appId]))
      .rows[0].n,
  );

/** The widget's calls that name their app in X-App, each with a body that succeeds on an active app. */
const widgetCalls: [string, (appId: string) => Promise<{ status: number; body: any }>][] = [
  ["GET /mobile/app", widgetApp],
  [
    "POST /mobile/users/auth/email-confirmation",
    (appId) =>
      call(app, {
        method: "POST",
        url: "/api/mobile/users/auth/email-confirmation",
        headers: { "x-app": appId },
        payload: { email: `gone-${randomUUID()}@example.com` },
        remoteAddress: someAddress(),
      }),
  ],
  [
    "POST /mobile/users/auth/sms-confirmation",
    (appId) =>
      call(app, {
        method: "POST",
        url: "/api/mobile/users/auth/sms-confirmation",
        headers: { "x-app": appId },
        payload: { phone: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}` },
        remoteAddress: someAddress(),
      }),
  ],
  [
    "POST /mobile/app/push-notifications/subscribe3",
    (appId) =>
      call(app, {
        method: "POST",
        url: "/api/mobile/app/push-notifications/subscribe3",
        headers: { "x-app": appId },
        payload: { userId: randomUUID(), platform: "Web", token: `push-${randomUUID()}` },
      }),
  ],
  [
    "POST /mobile/users/{userId}/form-data",
    (appId) =>
      call(app, {
        method: "POST",
        url: `/api/mobile/users/${randomUUID()}/form-data`,
        headers: { "x-app": appId },
        payload: { featureId: FORM_ID, values: { "Full name": "Dana Doe", Message: "Hello" } },
        remoteAddress: someAddress(),
      }),
  ],
];

describe("a discontinued app", () => {
  it.each(widgetCalls)(
    "%s: refused with 404 and the spec's message; the active app is served",
    async (_, send) => {
      expect((await send(active)).status).toBe(200);
      const res = await send(discontinued);
      expect(res).toMatchObject({ status: 404, body: { error: { message: DISCONTINUED } } });
    },
  );

  it("POST /mobile/analytics/events: refused with 404, nothing stored", async () => {
    expect((await analytics(active, [signal(active)])).status).toBe(200);
    const before = await stored(discontinued);
    const res = await analytics(discontinued, [signal(discontinued), signal(discontinued)]);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toEqual(expect.any(String));
    expect(res.body.error.message).not.toBe("");
    expect(await stored(discontinued)).toBe(before);
  });

  it("POST /mobile/analytics/events: one signal of it fails the whole batch, sent for either app", async () => {
    for (const sentFor of [active, discontinued]) {
      const before = { active: await stored(active), discontinued: await stored(discontinued) };
      const res = await analytics(sentFor, [signal(active), signal(discontinued), signal(active)]);
      expect([400, 404]).toContain(res.status);
      expect(res.body.error.message).toBeTruthy();
      expect(await stored(active)).toBe(before.active);
      expect(await stored(discontinued)).toBe(before.discontinued);
    }
  });

  it("comes back when an Admin makes it active again", async () => {
    const res = await call(app, {
      method: "PUT",
      url: `/api/admin/apps/${discontinued}/metadata`,
      headers: admin.headers,
      payload: { status: "Active" },
    });
    expect(res.status).toBe(200);
    expect((await widgetApp(discontinued)).status).toBe(200);
    expect((await analytics(discontinued, [signal(discontinued)])).status).toBe(200);
    await call(app, {
      method: "PUT",
      url: `/api/admin/apps/${discontinued}/metadata`,
      headers: admin.headers,
      payload: { status: "Inactive" },
    });
    expect((await widgetApp(discontinued)).status).toBe(404);
  });
});

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, testApp } from "../test-helpers.ts";
import { DEMO_ADMIN_EMAIL, DEMO_COUPON_IDS, seed } from "./seed.ts";

let app: FastifyInstance;
let authorization: string;
let appId: string;

beforeAll(async () => {
  app = await testApp();
  const logged: string[] = [];
  await seed(app.database.db, app.storage, { info: (_o: unknown, msg: string) => logged.push(msg) } as never);
  const password = logged[0].match(/with password (\S+) /)?.[1];
  const signIn = await call(app, {
    method: "POST",
    url: "/api/accounts/sign-in",
    payload: { email: DEMO_ADMIN_EMAIL, password },
  });
  authorization = `Bearer ${signIn.body.data}`;
  appId = (await call(app, { url: "/api/apps", headers: { authorization } })).body.data[0].appId;
}, 60_000);
afterAll(() => app.close());

describe("demo seed: pushes and geofences", () => {
  it("gives View Schedule a sent, a planned and a weekly push", async () => {
    const res = await call(app, { url: `/api/apps/${appId}/push-notifications`, headers: { authorization } });
    expect(res.status).toBe(200);
    const pushes = res.body.data as {
      id: string;
      status: string;
      recurrence: { type: string };
      shareCoupon?: string;
      editable: boolean;
      nextOccurrences: string[];
      timeZone: string;
    }[];
    expect(pushes.map((p) => [p.status, p.recurrence.type]).sort()).toEqual([
      ["Planned", "Once"],
      ["Planned", "Weekly"],
      ["Sent", "Once"],
    ]);
    const sent = pushes.find((p) => p.status === "Sent");
    expect(sent).toMatchObject({ editable: false, nextOccurrences: [] });
    const occurrences = await call(app, {
      url: `/api/apps/${appId}/push-notifications/${sent?.id}/occurrences`,
      headers: { authorization },
    });
    expect(occurrences.body.data).toHaveLength(1);
    expect(occurrences.body.data[0].state).toBe("done");
    const coupon = pushes.find((p) => p.shareCoupon);
    expect(coupon).toMatchObject({
      shareCoupon: DEMO_COUPON_IDS.oil,
      editable: true,
      timeZone: "America/New_York",
    });
    const weekly = pushes.find((p) => p.recurrence.type === "Weekly");
    expect(weekly?.nextOccurrences).toHaveLength(5);
  });

  it("gives the Geofences page an active and a recurring geofence, both in the widget's payload", async () => {
    const res = await call(app, { url: `/api/apps/${appId}/geofences`, headers: { authorization } });
    expect(res.body.data.map((g: { name: string; status: string }) => [g.name, g.status])).toEqual([
      ["Demo Motors showroom", "Active"],
      ["Service drive", "Recurring"],
    ]);
    const widget = await call(app, { url: "/api/mobile/app", headers: { "x-app": appId } });
    expect(widget.body.data.definition.geofences.map((g: { name: string }) => g.name)).toEqual([
      "Demo Motors showroom",
      "Service drive",
    ]);
    // With the zone its weekly recurrence repeats in, so the widget counts occurrences as the server does.
    expect(widget.body.data.definition.geofences[1]).toMatchObject({
      recurrence: { type: "Weekly" },
      timeZone: expect.stringMatching(/\//),
    });
  });
});

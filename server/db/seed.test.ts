import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, testApp } from "../test-helpers.ts";
import { DEMO_ADMIN_EMAIL, DEMO_COUPON_IDS, seed } from "./seed.ts";

let app: FastifyInstance;
const logged: string[] = [];
const log = { info: (_obj: unknown, msg: string) => logged.push(msg) } as never;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe("demo seed", () => {
  it("creates an admin and a demo app once, printing the password once", async () => {
    await seed(app.database.db, app.storage, log);
    await seed(app.database.db, app.storage, log);
    expect(logged).toHaveLength(1);
    const password = logged[0].match(/with password (\S+) /)?.[1];
    expect(password).toBeTruthy();
    const users = await app.database.execute("select count(*)::int as n from users where email = $1", [
      DEMO_ADMIN_EMAIL,
    ]);
    expect(users.rows[0].n).toBe(1);

    const signIn = await call(app, {
      method: "POST",
      url: "/api/accounts/sign-in",
      payload: { email: DEMO_ADMIN_EMAIL, password },
    });
    const authorization = `Bearer ${signIn.body.data}`;
    const apps = await call(app, { method: "GET", url: "/api/apps", headers: { authorization } });
    expect(apps.body.data).toHaveLength(1);
    const demo = apps.body.data[0];
    expect(demo.definition.name).toBe("Demo Motors");
    expect(demo.definition.coupons.length).toBeGreaterThan(0);
    expect(demo.definition.events.length).toBeGreaterThan(0);
    // They are offers of the app in the demo's order, not part of the stored definition.
    expect(demo.definition.coupons.map((c: { title: string }) => c.title)).toEqual([
      "$25 off any oil change",
      "Free tire rotation",
    ]);
    expect(demo.definition.events.map((e: { title: string }) => e.title)).toEqual(["Spring sales event"]);
    const stored = await app.database.execute(
      "select definition, (select count(*)::int from offer_apps where app_id = apps.id) as n from apps where id = $1",
      [demo.appId],
    );
    expect(stored.rows[0].n).toBe(3);
    expect(stored.rows[0].definition).not.toHaveProperty("coupons");
    expect(stored.rows[0].definition).not.toHaveProperty("events");
    const packages = await call(app, {
      method: "GET",
      url: `/api/apps/${demo.appId}/special-packages`,
      headers: { authorization },
    });
    expect(packages.body.data).toEqual([
      {
        id: expect.any(String),
        title: "Service saver package",
        description: "An oil change and a tire rotation together, for one visit.",
        couponIds: [DEMO_COUPON_IDS.oil, DEMO_COUPON_IDS.tires],
        status: "Active",
      },
    ]);
    expect(demo.definition.coupons.map((c: { id: string }) => c.id)).toEqual([
      DEMO_COUPON_IDS.oil,
      DEMO_COUPON_IDS.tires,
    ]);

    // The drawn logo and cover are real PNGs served from storage.
    for (const url of [demo.definition.logo, demo.definition.cover]) {
      const image = await app.inject({ url });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");
    }
    // And the saved definition passes the builder's save unchanged.
    const saved = await call(app, {
      method: "PUT",
      url: `/api/apps/${demo.appId}`,
      headers: { authorization },
      payload: { version: demo.version, slug: demo.slug, definition: demo.definition },
    });
    expect(saved.status).toBe(200);
  });
});

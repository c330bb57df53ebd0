import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, testApp, testAppOf, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
// The test helpers' user shape is changing (a bare header or a headers object); read either.
const authorizationOf = (u: unknown) => {
  const x = u as { headers?: { authorization: string }; authorization?: string };
  return x.headers?.authorization ?? x.authorization ?? "";
};
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe("GET /mobile/app analytics tags", () => {
  it("carries only the G- ids of the analytics id setting", async () => {
    const admin = await testUser(app, "Admin");
    const appId = await testAppOf(app, admin, "Tag Motors");
    const plain = await call(app, { method: "GET", url: "/api/mobile/app", headers: { "x-app": appId } });
    expect(plain.body.data.analyticsIds).toBeUndefined();
    const put = await call(app, {
      method: "PUT",
      url: `/api/admin/apps/${appId}/metadata`,
      headers: { authorization: authorizationOf(admin) },
      payload: { analyticsId: "G-ABC123, UA-999-1,G-XYZ9" },
    });
    expect(put.status).toBe(200);
    const fresh = await call(app, { method: "GET", url: "/api/mobile/app", headers: { "x-app": appId } });
    const ids = fresh.body.data.analyticsIds;
    expect(ids).toEqual(["G-ABC123", "G-XYZ9"]);
  });
});

describe("GET /mobile/app integrations", () => {
  it("carries only each integration's address, and only when it passes the URL policy", async () => {
    const admin = await testUser(app, "Admin");
    const appId = await testAppOf(app, admin, "Navi Motors");
    const get = () => call(app, { method: "GET", url: "/api/mobile/app", headers: { "x-app": appId } });
    expect((await get()).body.data.integrations).toBeUndefined();
    const put = await call(app, {
      method: "PUT",
      url: `/api/admin/apps/${appId}/metadata`,
      headers: { authorization: authorizationOf(admin) },
      payload: {
        navi360Config: { url: "https://navi.example/[$appId]", dealerId: "d-1", apiKey: "secret-key" },
        uptimeProConfig: { url: "javascript:alert(1)", token: "secret-token" },
      },
    });
    expect(put.status).toBe(200);
    const fresh = await get();
    expect(fresh.body.data.integrations).toEqual({ navi360Config: { url: "https://navi.example/[$appId]" } });
    expect(JSON.stringify(fresh.body)).not.toContain("secret");
  });
});

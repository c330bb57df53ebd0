import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, someAddress, testApp, testAppOf, testUser } from "../test-helpers.ts";

/** Hostile bodies against every widget call: each answer is a 2xx or a 4xx with a message, never a 500. */
let app: FastifyInstance;
let appId = "";
beforeAll(async () => {
  app = await testApp();
  appId = await testAppOf(app, await testUser(app), "Hostile Motors");
});
afterAll(() => app.close());

const uid = randomUUID();
const routes: [string, string][] = [
  ["POST", "/api/mobile/users/auth/email-confirmation"],
  ["POST", "/api/mobile/users/auth/sms-confirmation"],
  ["POST", "/api/mobile/users/auth/sign-in"],
  ["DELETE", `/api/mobile/users/auth/sign-out/${uid}`],
  ["PUT", `/api/mobile/users/${uid}`],
  ["PUT", `/api/mobile/users/${uid}/vehicles`],
  ["POST", `/api/mobile/users/${uid}/form-data`],
  ["POST", "/api/mobile/analytics/events"],
  ["POST", "/api/mobile/app/push-notifications/subscribe3"],
];

const long = "x".repeat(20_000);
const hostileBodies = (): unknown[] => [
  null,
  [],
  "text",
  42,
  { email: long },
  { email: "a\u0000b@example.com" },
  { phone: "+1\u0000555" },
  { phone: "9".repeat(40) },
  { email: "a@b.co", code: "\u0000\u0000\u0000", userId: uid },
  { phone: "+15550102030", code: "123456", userId: "not-a-uuid" },
  { token: long.slice(0, 200), userId: uid },
  { name: { $ne: 1 } },
  { dateOfBirth: "2020-02-30" },
  [{ year: 1e12, mileage: -1 }],
  [{ vin: long }],
  { featureId: "x", values: { a: { b: 1 } } },
  [{ id: uid, appId, time: "not a time", platform: "Web", name: "x" }],
  [{ id: uid, appId: "\u0000", time: new Date().toISOString(), platform: "Web", name: "x" }],
  { userId: long, platform: "Web", token: long },
  { userId: "u", platform: "Web", token: "\u0000" },
  JSON.parse('{"__proto__":{"polluted":1},"email":"a@b.co"}'),
];

describe("hostile bodies on the widget's calls", () => {
  it.each(routes)("%s %s", async (method, url) => {
    const problems: string[] = [];
    for (const body of hostileBodies()) {
      for (const headers of [{ "x-app": appId }, { "x-app": appId, authorization: "Bearer nope" }, {}]) {
        const res = await call(app, {
          method: method as "POST",
          url,
          headers: { ...headers, "content-type": "application/json" },
          payload: JSON.stringify(body),
          remoteAddress: someAddress(),
        });
        if (res.status >= 500 || (res.status >= 400 && typeof res.body?.error?.message !== "string"))
          problems.push(
            `${JSON.stringify(body)?.slice(0, 80)} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });
});

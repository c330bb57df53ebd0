import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FIELD_ERRORS } from "../../schemas/index.ts";
import { someAddress, testApp, testAppOf, testUser } from "../test-helpers.ts";
import { MOBILE_BODY_LIMIT } from "./mobile-request.ts";

/**
 * Bodies built to make validation do much work or answer much: a widget call refuses a body over
 * MOBILE_BODY_LIMIT before parsing it (413), and a body under it gets a short 400 however many of its values
 * are wrong. Every answer is a 4xx with a message and under 16 KB.
 */
let app: FastifyInstance;
let appId: string;
let owner: Awaited<ReturnType<typeof testUser>>;
const uid = randomUUID();
const MAX_ANSWER_BYTES = 16 * 1024;

beforeAll(async () => {
  app = await testApp();
  owner = await testUser(app);
  appId = await testAppOf(app, owner, "Amplified Motors");
});
afterAll(() => app.close());

/** An object of `n` keys, each holding `value`. */
const keys = (n: number, value: unknown, prefix = "k") =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, value]));
/** As many copies of `item` as fit in `bytes` of JSON. */
const fill = (item: unknown, bytes: number) =>
  Array.from({ length: Math.floor(bytes / (JSON.stringify(item).length + 1)) }, () => item);

const send = (method: "POST" | "PUT", url: string, body: unknown) =>
  app.inject({
    method,
    url,
    payload: JSON.stringify(body),
    headers: { "x-app": appId, "content-type": "application/json" },
    remoteAddress: someAddress(),
  });

const formData = `/api/mobile/users/${uid}/form-data`;
const vehicles = `/api/mobile/users/${uid}/vehicles`;
const profile = `/api/mobile/users/${uid}`;
const signIn = "/api/mobile/users/auth/sign-in";
const events = "/api/mobile/analytics/events";
const vehicle = { unit: 1, year: "x", make: 1, model: 1, vin: 1, mileage: "x" };
const signal = { id: "x", appId: 1, time: "x", platform: "Android", name: 1, data: { page: 1 } };

const large: [string, "POST" | "PUT", string, unknown][] = [
  ["a 1.5 MB map of form values", "POST", formData, { featureId: "f", values: keys(110_000, null) }],
  ["1.7 MB of wrong vehicles", "PUT", vehicles, fill(vehicle, 1_700_000)],
  ["140k unknown keys to sign-in", "POST", signIn, { userId: uid, ...keys(140_000, 0) }],
  ["140k unknown keys to a profile", "PUT", profile, keys(140_000, 0)],
  ["0.25 MB of wrong signals", "POST", events, fill(signal, 250_000)],
];

const underLimit = MOBILE_BODY_LIMIT - 1024;
const small: [string, "POST" | "PUT", string, unknown][] = [
  ["form values that are all wrong", "POST", formData, { featureId: "f", values: keys(4_500, null) }],
  ["a map of 1,900 wrong form values", "POST", formData, { featureId: "f", values: keys(1_900, []) }],
  ["vehicles that are all wrong", "PUT", vehicles, fill(vehicle, underLimit)],
  ["50 wrong vehicles", "PUT", vehicles, fill(vehicle, 50 * 70).slice(0, 50)],
  ["unknown keys to sign-in", "POST", signIn, { userId: uid, ...keys(6_000, 0) }],
  ["unknown keys to a profile", "PUT", profile, keys(6_000, 0)],
  ["signals that are all wrong", "POST", events, fill(signal, underLimit)],
  ["50 wrong signals", "POST", events, fill(signal, 50 * 110).slice(0, 50)],
];

describe("amplification bodies on the widget's calls", () => {
  it.each(large)("%s: refused unread (413), a short answer", async (_, method, url, body) => {
    const res = await send(method, url, body);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toEqual(expect.any(String));
    expect(Buffer.byteLength(res.body)).toBeLessThan(MAX_ANSWER_BYTES);
  });

  it.each(small)("%s: a 400 with at most the capped fields", async (_, method, url, body) => {
    expect(JSON.stringify(body).length).toBeLessThanOrEqual(MOBILE_BODY_LIMIT);
    const res = await send(method, url, body);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.message).toEqual(expect.any(String));
    expect(error.details.length).toBeGreaterThan(0);
    expect(error.details.length).toBeLessThanOrEqual(MAX_FIELD_ERRORS);
    expect(Buffer.byteLength(res.body)).toBeLessThan(MAX_ANSWER_BYTES);
  });

  it("twenty parallel sign-ins with unknown keys are all refused with a message", async () => {
    const body = { userId: uid, ...keys(6_000, 0) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => send("POST", signIn, body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(400));
    for (const r of answers) expect(Buffer.byteLength(r.body)).toBeLessThan(MAX_ANSWER_BYTES);
  });

  it("an app definition of 1.9 MB of wrong features answers in under 16 KB", async () => {
    const features = fill({ id: 1, type: "Nope", title: 1 }, 1_900_000);
    const res = await app.inject({
      method: "PUT",
      url: `/api/apps/${appId}`,
      headers: { ...owner.headers, "content-type": "application/json" },
      payload: JSON.stringify({ version: 1, slug: "amplified", definition: { name: "Amplified", features } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toEqual(expect.any(String));
    expect(Buffer.byteLength(res.body)).toBeLessThan(MAX_ANSWER_BYTES);
  });

  it("one feature too large to check for every error reports its first error with the spec's message", async () => {
    // 3,000 wrong form fields: checked for every error, each message ajv-errors places walks the errors
    // found so far (25,000 such fields took 416 s); the first error alone is found at once.
    const fields = Array.from({ length: 3_000 }, () => ({ name: "x", type: "Text", description: "y" }));
    const form = { id: randomUUID(), type: "Form", title: "F", fields };
    const res = await app.inject({
      method: "PUT",
      url: `/api/apps/${appId}`,
      headers: owner.headers,
      payload: { version: 1, slug: "amplified", definition: { name: "Amplified", features: [form] } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: "/definition/features/0/title", message: "value should be minimum 2 characters" },
    ]);
  });
});

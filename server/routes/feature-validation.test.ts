import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tradeInValue } from "../../schemas/features/example-partner-type.ts";
import { featureExamples } from "../../schemas/features/examples.ts";
import { featureTypes, registerFeatureType, unregisterFeatureType } from "../../schemas/index.ts";
import { demoDefinition } from "../db/seed.ts";
import { call, signedIn, testApp } from "../test-helpers.ts";

/**
 * The server validates app definitions and their features with the contract's schemas: every built-in
 * type by its own schema, unknown types refused, and a partner's type enforced as soon as it registers,
 * even after the routes were compiled.
 */
let app: FastifyInstance;
let owner: { authorization: string };
let appId: string;
let slug: string;
let version: number;

beforeAll(async () => {
  app = await testApp();
  owner = await signedIn(app);
  const created = await call(app, {
    method: "POST",
    url: "/api/apps",
    headers: owner,
    payload: { definition: demoDefinition() },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  ({ appId, slug, version } = created.body.data);
});
afterAll(() => app.close());

async function save(features: unknown[], extra: object = {}) {
  const res = await call(app, {
    method: "PUT",
    url: `/api/apps/${appId}`,
    headers: owner,
    payload: { version, slug, definition: { name: "Feature Motors", features, ...extra } },
  });
  if (res.status === 200) version = res.body.data.version;
  return res;
}

const valid = (type: string) => structuredClone(featureExamples[type].valid);
const invalid = (type: string) => structuredClone(featureExamples[type].invalid);

describe("feature validation on PUT /api/apps/{id}", () => {
  it("accepts the demo definition and one valid feature of each of the 22 types, filling defaults", async () => {
    const types = featureTypes().map((m) => m.type);
    expect(types).toHaveLength(22);
    const res = await save(types.map(valid), { theme: { iconColor: "#1f6feb" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.definition.features).toHaveLength(22);
    const loyalty = res.body.data.definition.features.find((f: any) => f.type === "Loyalty");
    expect(loyalty.linkText).toBe("Learn More");
    expect(res.body.data.definition.theme).toEqual({
      iconColor: "#1f6feb",
      layout: "CoverOnly",
      iconBorderRadius: 0,
      rowFeatureCount: 5,
      rowFeatureTextSize: 11,
    });
  });

  it("rejects each type's invalid example with the spec's messages at the fields' paths", async () => {
    const types = featureTypes().map((m) => m.type);
    const res = await save(types.map(invalid));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("Validation");
    const expected = types.flatMap((type, i) =>
      Object.entries(featureExamples[type].errors).map(([path, message]) => ({
        path: `/definition/features/${i}${path}`,
        message,
      })),
    );
    expect(res.body.error.details).toEqual(expect.arrayContaining(expected));
    expect(res.body.error.details).toHaveLength(expected.length);
  });

  it("rejects an unknown type with a clear message, and a feature without a type", async () => {
    const res = await save([
      valid("ClickToCall"),
      { ...valid("Coupons"), type: "Teleport" },
      { id: "x", title: "No type" },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: "/definition/features/1/type", message: 'unknown feature type "Teleport"' },
      { path: "/definition/features/2/type", message: "value can't be empty" },
    ]);
  });

  it("enforces a partner's type registered after the server started, and forgets it when unregistered", async () => {
    const feature = {
      id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a99",
      type: "TradeInValue",
      title: "Trade-In",
      provider: "KBB",
      link: "kbb.com",
    };
    const before = await save([feature]);
    expect(before.body.error.details).toEqual([
      { path: "/definition/features/0/type", message: 'unknown feature type "TradeInValue"' },
    ]);

    registerFeatureType(tradeInValue);
    try {
      const ok = await save([feature]);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.definition.features[0]).toMatchObject({ type: "TradeInValue", provider: "KBB" });

      const bad = await save([{ ...feature, provider: "K", link: "kbb", extra: 1 }]);
      expect(bad.status).toBe(400);
      expect(bad.body.error.details).toEqual(
        expect.arrayContaining([
          { path: "/definition/features/0/provider", message: "value should be minimum 2 characters" },
          { path: "/definition/features/0/link", message: "incorrect url" },
        ]),
      );
    } finally {
      unregisterFeatureType("TradeInValue");
    }
    const after = await save([feature]);
    expect(after.status).toBe(400);
  });
});

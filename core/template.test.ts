import { describe, expect, it } from "vitest";
import type { AppDefinition } from "../schemas/definition.ts";
import { featureExamples } from "../schemas/features/examples.ts";
import { featureTypes, validateFeature } from "../schemas/features/index.ts";
import { newFeature } from "./features.ts";
import { seedFromTemplate } from "./template.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("feature ids on add (spec §3)", () => {
  it.each(featureTypes().map((m) => [m.type]))("%s gets a fresh UUID, its type and its defaults", (type) => {
    const a = newFeature(type);
    const b = newFeature(type);
    expect(a.id).toMatch(UUID);
    expect(a.id).not.toBe(b.id);
    expect(a.type).toBe(type);
    expect(typeof a.title).toBe("string");
  });
  it("takes an injected id and refuses unknown types", () => {
    expect(newFeature("WebLink", () => "fixed").id).toBe("fixed");
    expect(() => newFeature("Teleport")).toThrow(/Unknown feature type/);
  });
  it("gives a feature that becomes valid once the user fills what the type requires", () => {
    const f = newFeature("ClickToCall");
    expect(validateFeature({ ...f, phone: "(555) 010-2030" })).toEqual([]);
  });
});

describe("seeding from a template (spec §4)", () => {
  const ex = (type: string) => structuredClone(featureExamples[type].valid);
  const template = {
    name: "Template Motors",
    features: [
      ex("ClickToCall"),
      { ...ex("Loyalty"), image: "/api/images/template-card.png", stampIcon: "/api/images/stamp.png" },
      { ...ex("Loyalty2"), programs: [{ id: "p1", title: "Club", image: "/api/images/club.png" }] },
      { ...ex("Menu"), items: [{ featureId: ex("ClickToCall").id, hideFromFeatures: true }] },
      { ...ex("ClickToReference"), featureId: ex("ClickToCall").id },
    ],
    coupons: [{ id: "c1", title: "Template coupon" }],
    events: [{ id: "e1", title: "Template event" }],
    tilesConfig: { tiles: [{ type: "w50", slides: [], featureId: ex("ClickToCall").id }] },
    theme: { layout: "Tiles" },
  } as unknown as AppDefinition;

  let n = 0;
  const seeded = seedFromTemplate(template, () => `new-${++n}`) as any;

  it("regenerates every feature id and follows references to them", () => {
    expect(seeded.features.map((f: any) => f.id)).toEqual(["new-1", "new-2", "new-3", "new-4", "new-5"]);
    expect(seeded.features[3].items[0].featureId).toBe("new-1");
    expect(seeded.features[4].featureId).toBe("new-1");
    expect(seeded.tilesConfig.tiles[0].featureId).toBe("new-1");
  });
  it("empties coupons, events and loyalty images, and keeps the rest", () => {
    expect(seeded.coupons).toEqual([]);
    expect(seeded.events).toEqual([]);
    expect(seeded.features[1]).toMatchObject({ image: "", stampIcon: "", code: "12345" });
    expect(seeded.features[2].programs[0]).toMatchObject({ image: "", title: "Club" });
    expect(seeded.theme).toEqual({ layout: "Tiles" });
    expect(seeded.name).toBe("Template Motors");
  });
  it("leaves the template untouched and uses UUIDs by default", () => {
    expect((template.features as any)[1].image).toBe("/api/images/template-card.png");
    expect(seedFromTemplate(template).features?.[0].id).toMatch(UUID);
  });
});

describe("ids without randomUUID (plain http pages)", () => {
  it("still makes v4 UUIDs", async () => {
    const { newId } = await import("./ids.ts");
    const original = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 100 }, newId));
      expect(ids.size).toBe(100);
      for (const id of ids) expect(id).toMatch(UUID);
    } finally {
      Object.defineProperty(globalThis.crypto, "randomUUID", { value: original, configurable: true });
    }
  });
});

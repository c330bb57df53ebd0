import { Type } from "@sinclair/typebox";
import { afterEach, describe, expect, it, vi } from "vitest";
import { compile } from "../ajv.ts";
import { WIDGET_PAGE_IDS } from "../analytics.ts";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { messages } from "../messages.ts";
import { tradeInValue } from "./example-partner-type.ts";
import { featureExamples } from "./examples.ts";
import {
  builtInFeatureTypes,
  defineFeature,
  featureAnalyticsPage,
  featurePageName,
  featureTypeOfPage,
  featureTypes,
  featureUnionSchema,
  featureValidator,
  getFeatureType,
  LINK_METAS,
  onFeatureTypesChanged,
  registerFeatureType,
  unregisterFeatureType,
  validateFeature,
} from "./index.ts";

afterEach(() => unregisterFeatureType("TradeInValue"));

describe("the built-in registry", () => {
  it("holds the 22 types of spec §3 in the spec's order", () => {
    expect(featureTypes().map((m) => m.type)).toEqual([
      "ClickToCall",
      "ClickToLink",
      "ClickToDirections",
      "ClickToExternalApp",
      "ClickToEmail",
      "ClickToReference",
      "WebLink",
      "ClickToText",
      "Email",
      "ContactUs",
      "Coupons",
      "Events",
      "ReferralProgram",
      "Loyalty",
      "Loyalty2",
      "Form",
      "Menu",
      "PopUp",
      "BrandedOemAppSelect",
      "BrandedRoadsideAssistance",
      "BrandedBookYourService",
      "DealershipSelector",
    ]);
  });

  it("uses every editor page name of spec §2, plus one each for Email and PopUp which the spec leaves out", () => {
    const spec = [
      "click-to-call",
      "click-to-email",
      "click-to-directions",
      "click-to-external-app",
      "custom-form",
      "texting",
      "link",
      "contact-us",
      "coupons",
      "events",
      "referral",
      "loyalty",
      "loyalty-repository",
      "click-to-link/{meta}",
      "click-to-feature",
      "menu",
      "branded-oem-app-select",
      "branded-book-your-service",
      "branded-roadside-assistance",
      "dealership-selector",
    ];
    expect(
      featureTypes()
        .map((m) => m.pageName)
        .sort(),
    ).toEqual([...spec, "email", "pop-up"].sort());
  });

  it("takes every built-in type's pages from the constant tables, which name no other type", () => {
    const types = builtInFeatureTypes.map((m) => m.type);
    expect(Object.keys(FEATURE_ANALYTICS_PAGES)).toEqual(types);
    expect(Object.keys(FEATURE_PAGE_NAMES)).toEqual(types);
    for (const m of builtInFeatureTypes) {
      const type = m.type as keyof typeof FEATURE_PAGE_NAMES;
      expect([m.pageName, m.analyticsPage], type).toEqual([
        FEATURE_PAGE_NAMES[type],
        FEATURE_ANALYTICS_PAGES[type],
      ]);
    }
  });

  it("records analytics under the widget page ids of spec §2", () => {
    const ids: readonly string[] = WIDGET_PAGE_IDS;
    for (const m of featureTypes())
      if (m.analyticsPage !== "{meta}") expect(ids, m.type).toContain(m.analyticsPage);
    for (const meta of LINK_METAS) expect(ids).toContain(meta);
  });

  it("resolves editor routes and analytics pages from a feature, and a route back to its type", () => {
    const link = { id: "x", type: "ClickToLink", title: "Inventory", meta: "inventory" };
    expect(featurePageName(link)).toBe("click-to-link/inventory");
    expect(featureAnalyticsPage(link)).toBe("inventory");
    expect(featureTypeOfPage("click-to-link/inventory")?.type).toBe("ClickToLink");
    expect(featureTypeOfPage("custom-form")?.type).toBe("Form");
    expect(featureTypeOfPage("loyalty-repository")?.type).toBe("Loyalty2");
    expect(featureTypeOfPage("nope")).toBeUndefined();
    expect(featurePageName({ type: "Unknown" })).toBeUndefined();
  });

  it.each(featureTypes().map((m) => [m.type, m] as const))(
    "%s: defaults have the schema's shape",
    (type, m) => {
      const fresh = { id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a01", type, ...m.defaults() };
      // A new feature may still lack what the user must fill in, but nothing in it is unknown or malformed.
      for (const e of validateFeature(fresh))
        expect([messages.required, messages.minItems(1)]).toContain(e.message);
    },
  );

  it.each(featureTypes().map((m) => [m.type, m] as const))("%s: uiSchema names only its fields", (_, m) => {
    const fields = Object.keys((m.schema as any).properties);
    for (const key of Object.keys(m.uiSchema).filter((k) => !k.startsWith("ui:")))
      expect(fields).toContain(key);
  });
});

describe("registering a type", () => {
  it("refuses duplicates, a schema of another type, clashing routes and odd names", () => {
    expect(() => registerFeatureType(getFeatureType("Events")!)).toThrow(/already registered/);
    expect(() => registerFeatureType({ ...tradeInValue, type: "Other" })).toThrow(/literal "Other"/);
    expect(() => registerFeatureType({ ...tradeInValue, pageName: "events" })).toThrow(/Page name "events"/);
    const odd = defineFeature({
      type: "bad-name",
      label: "Odd",
      pageName: "odd",
      analyticsPage: "home",
      properties: {},
      defaults: () => ({ title: "Odd" }),
    });
    expect(() => registerFeatureType(odd)).toThrow(/letters and digits/);
  });

  it("validates the new type at once and rebuilds the compiled validators and the union schema", () => {
    const listener = vi.fn();
    const stop = onFeatureTypesChanged(listener);
    const unionBefore = featureUnionSchema();
    expect(featureUnionSchema()).toBe(unionBefore); // cached while nothing changes
    const feature = { id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a99", type: "TradeInValue", title: "Trade-In" };
    expect(validateFeature(feature)).toEqual([
      { path: "/type", message: 'unknown feature type "TradeInValue"' },
    ]);

    registerFeatureType(tradeInValue);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(validateFeature({ ...feature, provider: "KBB", link: "kbb.com" })).toEqual([]);
    expect(validateFeature({ ...feature, provider: "K", link: "kbb.com" })).toEqual([
      { path: "/provider", message: messages.min(2) },
    ]);
    const unionAfter = featureUnionSchema();
    expect(unionAfter).not.toBe(unionBefore);
    expect((unionAfter as any).properties.type.enum).toContain("TradeInValue");
    stop();
  });

  it("drops a replaced type's compiled validator", () => {
    const before = featureValidator("Events");
    expect(featureValidator("Events")).toBe(before);
    const events = getFeatureType("Events")!;
    const stricter = defineFeature({
      type: "Events",
      label: events.label,
      pageName: events.pageName,
      analyticsPage: "events",
      properties: { category: Type.String({ minLength: 1 }) },
      defaults: () => ({ title: "Promotions" }),
    });
    try {
      registerFeatureType(stricter, { replace: true });
      expect(featureValidator("Events")).not.toBe(before);
      expect(validateFeature(featureExamples.Events.valid)).toEqual([
        { path: "/category", message: messages.required },
      ]);
    } finally {
      registerFeatureType(builtInFeatureTypes.find((m) => m.type === "Events")!, { replace: true });
    }
    expect(validateFeature(featureExamples.Events.valid)).toEqual([]);
  });
});

describe("the plain JSON Schema union", () => {
  it.each(featureTypes().map((m) => [m.type] as const))("%s: agrees with the registry's keyword", (type) => {
    const union = compile(featureUnionSchema());
    expect(union(structuredClone(featureExamples[type].valid))).toBe(true);
    expect(union(structuredClone(featureExamples[type].invalid))).toBe(false);
  });
  it("rejects unknown types", () => {
    expect(compile(featureUnionSchema())({ type: "Teleport" })).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { featureTypes } from "../schemas/features/index.ts";
import { DEFAULT_FEATURE_ICONS, defaultFeatureIcon } from "./feature-icons.ts";
import { newFeature } from "./features.ts";

describe("default icons of new features (issue 19)", () => {
  it("every built-in type has its own icon, no two alike", () => {
    const builtIn = featureTypes()
      .map((m) => m.type)
      .filter((t) => t !== "TradeInValue");
    for (const type of builtIn) expect(DEFAULT_FEATURE_ICONS[type], type).toBeTruthy();
    const files = builtIn.map((t) => DEFAULT_FEATURE_ICONS[t]);
    expect(new Set(files).size).toBe(files.length);
  });
  it("is an icon bank URL, the generic one for a type without its own", () => {
    expect(defaultFeatureIcon("ClickToCall")).toBe("/api/icon-files/phone-ringing.svg");
    expect(defaultFeatureIcon("Coupons")).toBe("/api/icon-files/discount.svg");
    expect(defaultFeatureIcon("PartnerThing")).toBe("/api/icon-files/dashboard.svg");
  });
  it("a new feature starts with its type's icon", () => {
    expect(newFeature("ClickToCall").icon).toBe("/api/icon-files/phone-ringing.svg");
    expect(newFeature("ContactUs").icon).toBe("/api/icon-files/address-book.svg");
  });
});

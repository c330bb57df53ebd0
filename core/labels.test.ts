import { describe, expect, it } from "vitest";
import { CONTACT_ACTION_LABELS, methodText, visibleMethods } from "./contact.ts";
import { defaultPromo, downloadText, promoDomain } from "./promo.ts";
import { resolveTheme } from "./theme.ts";
import { tileSize } from "./tiles.ts";
import { vehicleLabels } from "./vehicle-labels.ts";

describe("Trailer labels versus vehicle labels (spec §2)", () => {
  it("says Manufacturer and Trailer for Trailer apps", () => {
    expect(vehicleLabels("Trailer")).toEqual({
      make: "Manufacturer",
      vehicleMake: "Manufacturer",
      model: "Trailer Model",
      year: "Trailer Year",
      vin: "Trailer Identification Number",
    });
  });
  it.each(["Car", "Truck", "Powersport", undefined])("says Make and Vehicle for %s", (type) => {
    expect(vehicleLabels(type)).toEqual({
      make: "Make",
      vehicleMake: "Vehicle Make",
      model: "Vehicle Model",
      year: "Vehicle Year",
      vin: "Vehicle Identification Number",
    });
  });
});

describe("contact methods (spec §2)", () => {
  it("labels each method type", () => {
    expect(CONTACT_ACTION_LABELS).toEqual({
      PhoneNumber: "Call",
      MobileNumber: "Call",
      Texting: "Message",
      Email: "Email",
      Website: "Open",
      Link: "Open",
      Address: "Address",
    });
  });
  it("shows only methods with a value, the extension after a number", () => {
    const methods = [
      { type: "PhoneNumber" as const, value: "(555) 010-2030", extras: { ext: "12" } },
      { type: "Email" as const, value: " " },
      { type: "Website" as const },
    ];
    expect(visibleMethods(methods)).toHaveLength(1);
    expect(methodText(methods[0])).toBe("(555) 010-2030 ext. 12");
    expect(methodText({ type: "Texting", value: "555", extras: { ext: "9" } })).toBe("555");
  });
});

describe("tiles (spec §3)", () => {
  it.each([
    ["w100", "100%", 250],
    ["w66", "66.666%", 250],
    ["w50h2", "50%", 500],
    ["w33h3", "33.333%", 750],
  ] as const)("%s", (type, width, height) => {
    expect(tileSize(type)).toEqual({ width, height });
  });
});

describe("promo defaults (spec §2, §3)", () => {
  it("picks the set by makeModelType and fills the app's name in", () => {
    expect(promoDomain("Car")).toBe("car");
    expect(promoDomain(undefined)).toBe("car");
    expect(promoDomain("Trailer")).toBe("Trailer");
    expect(promoDomain("Equipment")).toBe("Equipment");
    const promo = defaultPromo("Sunset Motors", "Truck");
    expect(promo.title).toBe("Download the Sunset Motors app");
    expect(promo.items).toHaveLength(6);
    expect(downloadText("Sunset Motors")).toBe("Download Sunset Motors app for exclusive specials.");
  });
});

describe("theme defaults (spec §3, §9)", () => {
  it("fills what the app leaves out", () => {
    expect(resolveTheme(undefined)).toEqual({
      layout: "CoverOnly",
      iconBorderRadius: 0,
      rowFeatureCount: 5,
      rowFeatureTextSize: 11,
    });
    expect(resolveTheme({ layout: "Tiles", iconColor: "#000" })).toMatchObject({
      layout: "Tiles",
      iconColor: "#000",
      rowFeatureCount: 5,
    });
  });
});

import { describe, expect, it } from "vitest";
import { demoDefinition } from "../server/db/seed.ts";
import { compile, validate } from "./ajv.ts";
import { AnalyticsSignal } from "./analytics.ts";
import { App, AppCreate, AppDefinition, AppUpdate, IntegrationConfig } from "./app.ts";
import { Coupon, Event } from "./coupon.ts";
import { EndUserProfile } from "./end-user.ts";
import { featureExamples } from "./features/examples.ts";
import { featureTypes } from "./features/index.ts";
import { Geofence } from "./geofence.ts";
import { IconBank } from "./icon-bank.ts";
import { InventoryFilter } from "./inventory.ts";
import { LeadInput } from "./lead.ts";
import { ManufacturerAppPreset } from "./manufacturer-app.ts";
import { messages } from "./messages.ts";
import { APP_NAME_PLACEHOLDER, PROMO_DEFAULTS, PROMO_DOMAINS, Promo } from "./promo.ts";
import { PushNotification } from "./push.ts";
import { RECURRENCE_LABELS, RECURRENCE_TYPES, Recurrence } from "./recurrence.ts";
import { StaffMember } from "./staff.ts";
import { Theme } from "./theme.ts";
import { TILE_TYPES, TilesConfig } from "./tiles.ts";
import { Vehicle } from "./vehicle.ts";

const id = (n: number) => `6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9b${String(n).padStart(2, "0")}`;
const at = (iso: string) => new Date(iso).toISOString();

const coupon = {
  id: id(1),
  title: "Oil change $19.99",
  from: at("2030-01-01"),
  to: at("2030-02-01"),
  apps: [],
};
const push = {
  apps: ["app-1"],
  message: "Your specials are here",
  scheduleTime: at("2030-01-01T10:00:00Z"),
  recurrence: { type: "BiWeekly", endsBy: at("2030-06-01") },
  make: "Ford",
  yearFrom: 2015,
  yearTo: 2024,
  shareCoupon: id(1),
};
const geofence = {
  name: "Dealership lot",
  message: "Welcome! Show this for 10% off.",
  location: { lat: 40.7, lng: -74, radius: 0.5 },
  startDate: at("2030-01-01"),
  delayedMessage: { message: "How was your visit?", delayMinutes: 60 },
  filters: { make: "Ford" },
};

/** A definition using every field of spec §3. */
const fullDefinition = () =>
  structuredClone({
    name: "Every Field Motors",
    logo: "/api/images/logo.png",
    cover: "/api/images/cover.png",
    coverPath: "example.com/specials",
    coverTimeframe: { from: at("2030-01-01"), to: at("2030-12-31") },
    coverSlides: [
      { image: "/api/images/s1.png", path: "https://example.com", timeframe: { from: at("2030-01-01") } },
    ],
    coverVideo: { url: "https://cdn.example.com/cover.mp4" },
    coverBrands: [{ name: "Ford", image: "/api/images/ford.png" }],
    coverLocations: ["loc-1"],
    website: "example.com",
    features: featureTypes().map((m) => structuredClone(featureExamples[m.type].valid)),
    geofences: [geofence],
    notifications: [push],
    coupons: [coupon],
    events: [{ ...coupon, id: id(2), link: "example.com/event" }],
    tilesConfig: {
      tiles: [{ type: "w50h2", slides: [{ image: "/api/images/t.png", text: "Hello there" }] }],
    },
    theme: { iconColor: "#fff" },
    profileConfig: {
      vehicles: true,
      company: false,
      phone: true,
      employees: false,
      locationsSelectorDisable: true,
    },
    signIn: {
      title: "Welcome",
      text: "Sign in for special offers",
      disclaimer: "Message and data rates may apply",
      phoneAuth: true,
    },
  });

describe("App.definition", () => {
  it("accepts every field of spec §3 and fills the defaults", () => {
    const d = fullDefinition();
    expect(validate(AppDefinition, d)).toEqual([]);
    expect(d.theme).toEqual({
      iconColor: "#fff",
      layout: "CoverOnly",
      iconBorderRadius: 0,
      rowFeatureCount: 5,
      rowFeatureTextSize: 11,
    });
    expect(d.coverVideo).toEqual({ url: "https://cdn.example.com/cover.mp4", muted: true });
    expect(d.tilesConfig).toMatchObject({ units: 5 });
    expect(d.geofences[0]).toMatchObject({ shape: "circle", location: { radiusUnit: "km" } });
  });

  it("keeps accepting the smallest definitions and the demo's", () => {
    expect(validate(AppDefinition, { name: "Tiny" })).toEqual([]);
    expect(validate(AppDefinition, { name: "Tiny", logo: "", cover: "" })).toEqual([]);
    expect(validate(AppDefinition, demoDefinition())).toEqual([]);
  });

  it("points errors at nested fields", () => {
    const d = fullDefinition();
    d.name = "App";
    d.coverPath = "not a url";
    d.coupons[0].title = "";
    d.signIn.title = "T".repeat(31);
    (d.notifications[0] as any).message = "Hi";
    (d.geofences[0] as any).location.lat = 100;
    d.tilesConfig.tiles[0].type = "w40";
    expect(validate(AppDefinition, d)).toEqual(
      expect.arrayContaining([
        { path: "/name", message: messages.min(4) },
        { path: "/coverPath", message: messages.url },
        { path: "/coupons/0/title", message: messages.required },
        { path: "/signIn/title", message: messages.max(30) },
        { path: "/notifications/0/message", message: messages.min(5) },
        { path: "/geofences/0/location/lat", message: messages.between(-90, 90) },
        { path: "/tilesConfig/tiles/0/type", message: messages.oneOf },
      ]),
    );
  });

  it("refuses fields the contract does not know", () => {
    expect(validate(AppDefinition, { name: "Tiny", colour: "red" })).toEqual([
      { path: "", message: "must NOT have additional properties" },
    ]);
  });
});

describe("App", () => {
  it("defaults lang to en, status and types on create, rewards to Disabled", () => {
    const body = { definition: { name: "New Motors" } };
    expect(validate(AppCreate, body)).toEqual([]);
    expect(body).toMatchObject({ lang: "en", domainType: "Auto", makeModelType: "Car" });
    const config = {};
    expect(validate(IntegrationConfig, config)).toEqual([]);
    expect(config).toEqual({ rewardsStatus: "Disabled" });
  });

  it("leaves lang and types out of an update that does not send them (they stay as saved)", () => {
    const body = { version: 1, slug: "new-motors", definition: { name: "New Motors" } };
    expect(validate(AppUpdate, body)).toEqual([]);
    expect(body).toEqual({ version: 1, slug: "new-motors", definition: { name: "New Motors" } });
  });

  it("describes a full app of spec §3", () => {
    const app = {
      appId: "a1",
      slug: "full-motors",
      version: 3,
      created: at("2030-01-01"),
      status: "Inactive",
      lang: "es",
      domainType: "Restaurant",
      makeModelType: "Trailer",
      multiappId: null,
      locations: [{ id: "loc-1", integrationId: "int-1" }],
      integrationConfig: { ro: true, tca: false, parts: true, rewardsStatus: "Enabled" },
      navi360Config: { dealerId: "x" },
      uptimeProConfig: {},
      loyaltyConfig: { conversionRate: 1 },
      loyaltyAccountId: "acct",
      website: "example.com",
      portalUrl: "https://portal.example.com",
      role: "Owner",
      definition: { name: "Full Motors" },
    };
    expect(validate(App, app)).toEqual([]);
    expect(validate(App, { ...app, status: "Paused" })).toEqual([
      { path: "/status", message: messages.oneOf },
    ]);
  });
});

describe("entities", () => {
  it.each([
    ["coupon", Coupon, coupon],
    ["event", Event, { ...coupon, link: "example.com" }],
    ["push notification", PushNotification, push],
    ["geofence", Geofence, geofence],
    ["recurrence", Recurrence, { type: "SemiAnnualy" }],
    [
      "vehicle",
      Vehicle,
      { unit: "12", year: 2020, make: "Ford", model: "F-150", vin: "1FTFW1E50LFA00000", mileage: 1200 },
    ],
    [
      "end-user profile",
      EndUserProfile,
      {
        name: "Ana",
        phone: "(555) 010-2030",
        email: "ana@example.com",
        dateOfBirth: "1990-04-01",
        emailVerified: true,
      },
    ],
    ["promo", Promo, PROMO_DEFAULTS.Truck],
    [
      "manufacturer app preset",
      ManufacturerAppPreset,
      { title: "FordPass", appName: "FordPass", androidPackage: "com.ford.fordpass", brands: ["Ford"] },
    ],
    [
      "icon bank",
      IconBank,
      { categories: [{ category: "Automotive", icons: ["car", "tire[colorful]"], automotive: true }] },
    ],
    [
      "inventory filter",
      InventoryFilter,
      { search: "f-150", vehicleMakes: [{ name: "Ford", model: "F-150" }], priceTo: 40000, fuel: ["Gas"] },
    ],
    [
      "analytics signal",
      AnalyticsSignal,
      {
        id: "3f0c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
        time: at("2030-01-01"),
        appId: "a1",
        platform: "Web",
        name: "page",
        data: { page: "coupons", failureReason: "http_error" },
      },
    ],
    ["staff member", StaffMember, { name: "Sam Advisor", email: "sam@example.com", isDefault: true }],
    ["lead", LeadInput, { name: "Ana", phone: "555-010-2030", email: "ana@example.com" }],
    ["tiles", TilesConfig, { tiles: TILE_TYPES.map((type) => ({ type, slides: [] })), round: true }],
    ["theme", Theme, { layout: "Tiles", rowFeatureCount: 4 }],
  ])("%s: a valid example passes", (_, schema, value) => {
    expect(validate(schema, structuredClone(value))).toEqual([]);
  });

  it.each([
    ["coupon", Coupon, { ...coupon, title: "x", from: "tomorrow" }, ["/title", "/from"]],
    ["push", PushNotification, { ...push, apps: [], message: "" }, ["/apps", "/message"]],
    [
      "push recurrence",
      PushNotification,
      { ...push, recurrence: { type: "Fortnightly" } },
      ["/recurrence/type"],
    ],
    [
      "geofence",
      Geofence,
      { ...geofence, location: { lat: 0, lng: 181, radius: 0 } },
      ["/location/lng", "/location/radius"],
    ],
    ["lead", LeadInput, { name: "Ana", phone: "12", email: "ana" }, ["/phone", "/email"]],
    ["profile", EndUserProfile, { email: "nope", phone: "x" }, ["/phone", "/email"]],
    [
      "signal",
      AnalyticsSignal,
      { id: "not-a-uuid", time: at("2030-01-01"), appId: "a", platform: "iOS", name: "x" },
      ["/id", "/platform"],
    ],
  ])("%s: an invalid example is refused at its fields", (_, schema, value, paths) => {
    expect(validate(schema, structuredClone(value)).map((e) => e.path)).toEqual(paths);
  });

  it("knows the recurrence types of the API and their UI labels", () => {
    expect(RECURRENCE_TYPES).toEqual([
      "None",
      "Once",
      "Daily",
      "Weekly",
      "BiWeekly",
      "Monthly",
      "Quarterly",
      "SemiAnnualy",
      "Annualy",
    ]);
    expect(RECURRENCE_LABELS).toMatchObject({
      BiWeekly: "Bi-Weekly",
      SemiAnnualy: "Semi-Annually",
      Annualy: "Annually",
    });
  });
});

describe("promo defaults", () => {
  it.each(PROMO_DOMAINS.map((d) => [d]))(
    "%s: six valid items and the app-name placeholder in the title",
    (domain) => {
      const promo = PROMO_DEFAULTS[domain];
      expect(promo.items).toHaveLength(6);
      expect(promo.title).toContain(APP_NAME_PLACEHOLDER);
      expect(compile(Promo)(structuredClone(promo))).toBe(true);
    },
  );
  it("are keyed as the spec names them and draw on the spec's typical items", () => {
    expect(PROMO_DOMAINS).toEqual(["car", "Truck", "Powersport", "Equipment", "Trailer"]);
    const typical = [
      "Service",
      "Sales Promotions",
      "Finance",
      "Service & Parts Specials",
      "Roadside Assistance",
      "Mobile Glovebox",
      "Order Parts",
      "Parts & Merchandise",
      "Leasing & Rentals",
    ];
    for (const domain of PROMO_DOMAINS)
      for (const item of PROMO_DEFAULTS[domain].items) expect(typical).toContain(item.title);
  });
});

import { type Static, Type } from "@sinclair/typebox";
import { image, Timeframe } from "./common.ts";
import { Coupon, Event } from "./coupon.ts";
import { CoverBrand, CoverSlide, CoverVideo } from "./cover.ts";
import { AnyFeatureSchema, type Feature } from "./features/index.ts";
import { Geofence } from "./geofence.ts";
import { ProfileConfig } from "./profile-config.ts";
import { PushNotification } from "./push.ts";
import { SignInScreen } from "./sign-in-screen.ts";
import { sized } from "./text.ts";
import { Theme, themeUiSchema } from "./theme.ts";
import { TilesConfig } from "./tiles.ts";
import { url } from "./url.ts";

/**
 * A feature of any registered type. The `featureType` keyword dispatches to the type's own schema at
 * validation time (schemas/features/registry.ts), so partner types need no change here.
 */
export const AnyFeature = Type.Unsafe<Feature>({ ...AnyFeatureSchema });

/** The app definition (spec §3 App.definition): everything a business user configures. */
export const AppDefinition = Type.Object(
  {
    name: sized("appName", { required: true, title: "Name" }),
    logo: Type.Optional(image("Logo")),
    cover: Type.Optional(image("Cover")),
    /** Where the cover links when no slider is active (core/url.ts coverLink). */
    coverPath: Type.Optional(url({ title: "Cover link" })),
    coverTimeframe: Type.Optional(Timeframe),
    coverSlides: Type.Optional(Type.Array(CoverSlide, { title: "Cover slides" })),
    coverVideo: Type.Optional(CoverVideo),
    coverBrands: Type.Optional(Type.Array(CoverBrand, { title: "Cover brands" })),
    /** Locations (ids of App.locations) the cover is shown for; none means all. */
    coverLocations: Type.Optional(Type.Array(Type.String(), { title: "Cover locations" })),
    website: Type.Optional(url({ title: "Website" })),
    features: Type.Optional(Type.Array(AnyFeature, { title: "Features" })),
    geofences: Type.Optional(Type.Array(Geofence)),
    notifications: Type.Optional(Type.Array(PushNotification)),
    coupons: Type.Optional(Type.Array(Coupon)),
    events: Type.Optional(Type.Array(Event)),
    tilesConfig: Type.Optional(TilesConfig),
    // Its defaults are filled in when a theme is given; an app without one reads THEME_DEFAULTS through
    // core's resolveTheme. No default theme object here: it would override a template's theme on create.
    theme: Type.Optional(Theme),
    profileConfig: Type.Optional(ProfileConfig),
    signIn: Type.Optional(SignInScreen),
  },
  { additionalProperties: false, title: "App" },
);
export type AppDefinition = Static<typeof AppDefinition>;

/**
 * What the builder's app settings editor shows (spec §2: name, logo, cover..., theme, website, tiles,
 * sign-in): the definition without the lists that have editors of their own.
 */
export const AppSettings = Type.Omit(AppDefinition, [
  "features",
  "geofences",
  "notifications",
  "coupons",
  "events",
]);
export type AppSettings = Static<typeof AppSettings>;

const imageWidget = { "ui:widget": "image" };
/** RJSF hints for AppSettings: upload widgets for images, colour pickers for the theme. */
export const appSettingsUiSchema = {
  logo: imageWidget,
  cover: imageWidget,
  coverSlides: { items: { image: imageWidget } },
  coverBrands: { items: { image: imageWidget } },
  tilesConfig: { tiles: { items: { slides: { items: { image: imageWidget } } } } },
  theme: themeUiSchema,
  signIn: { image: imageWidget, text: { "ui:widget": "textarea" }, disclaimer: { "ui:widget": "textarea" } },
};

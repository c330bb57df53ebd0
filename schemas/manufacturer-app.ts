import { type Static, Type } from "@sinclair/typebox";
import { icon } from "./common.ts";
import { sized } from "./text.ts";
import { url } from "./url.ts";

/** A manufacturer's app the builder can offer (spec §3 manufacturer app presets). */
export const ManufacturerAppPreset = Type.Object(
  {
    title: sized("longName", { required: true, title: "Title" }),
    appName: sized("longName", { required: true, title: "App name" }),
    androidPackage: Type.Optional(Type.String({ title: "Android package", maxLength: 200 })),
    iosStoreUrl: Type.Optional(url({ title: "iOS store URL" })),
    appId: Type.Optional(Type.String({ title: "App id", maxLength: 100 })),
    urlScheme: Type.Optional(Type.String({ title: "URL scheme", maxLength: 200 })),
    icon: Type.Optional(icon()),
    brands: Type.Array(Type.String({ minLength: 1 }), { title: "Brands", default: [] }),
    android: Type.Boolean({ title: "On Android", default: true }),
    ios: Type.Boolean({ title: "On iOS", default: true }),
  },
  { additionalProperties: false, title: "Manufacturer app" },
);
export type ManufacturerAppPreset = Static<typeof ManufacturerAppPreset>;

import { Type } from "@sinclair/typebox";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { sized } from "../text.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/** Opens another app (often a manufacturer's, see schemas/manufacturer-app.ts) or its store page. */
export const clickToExternalApp = defineFeature({
  type: "ClickToExternalApp",
  label: "External app",
  pageName: FEATURE_PAGE_NAMES.ClickToExternalApp,
  analyticsPage: FEATURE_ANALYTICS_PAGES.ClickToExternalApp,
  properties: {
    presetId: Type.Optional(Type.String({ title: "Manufacturer app", maxLength: 200 })),
    appName: Type.Optional(sized("longName", { title: "App name" })),
    androidPackage: Type.Optional(Type.String({ title: "Android package", maxLength: 200 })),
    iosStoreUrl: Type.Optional(url({ title: "iOS store URL" })),
    urlScheme: Type.Optional(Type.String({ title: "URL scheme", maxLength: 200 })),
  },
  defaults: () => ({ title: "Our App" }),
});

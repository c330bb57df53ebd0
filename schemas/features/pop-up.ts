import { Type } from "@sinclair/typebox";
import { image } from "../common.ts";
import { FEATURE_ANALYTICS_PAGES, FEATURE_PAGE_NAMES } from "../constants/feature-pages.ts";
import { sized } from "../text.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";
import { DEFAULT_LINK_TEXT } from "./loyalty.ts";

/**
 * A pop-up shown when the app opens; never listed among the features (spec §3). The spec gives the type
 * no editor route name, so its editor is "pop-up".
 */
export const popUp = defineFeature({
  type: "PopUp",
  label: "Pop-up",
  pageName: FEATURE_PAGE_NAMES.PopUp,
  analyticsPage: FEATURE_ANALYTICS_PAGES.PopUp,
  properties: {
    message: sized("extraMessage", { required: true, title: "Message" }),
    image: Type.Optional(image()),
    link: Type.Optional(url({ title: "Link" })),
    linkText: Type.Optional(sized("shortName", { title: "Link text", default: DEFAULT_LINK_TEXT })),
  },
  uiSchema: { message: { "ui:widget": "textarea" }, image: { "ui:widget": "image" } },
  defaults: () => ({ title: "Welcome", message: "", linkText: DEFAULT_LINK_TEXT }),
});

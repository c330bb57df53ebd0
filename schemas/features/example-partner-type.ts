import { Type } from "@sinclair/typebox";
import { sized, text } from "../text.ts";
import { url } from "../url.ts";
import { defineFeature } from "./base.ts";

/**
 * An example of a partner's feature type, as README.md's "Add a feature type" describes. It is not
 * registered by default; tests register it to prove a new type is validated by the server and editable in
 * the builder without touching anything else.
 */
export const tradeInValue = defineFeature({
  type: "TradeInValue",
  label: "Trade-in value",
  pageName: "trade-in-value",
  analyticsPage: "home",
  properties: {
    provider: text(2, 40, { required: true, title: "Valuation provider" }),
    link: url({ required: true, title: "Valuation page" }),
    disclaimer: Type.Optional(sized("message1000", { title: "Disclaimer" })),
  },
  uiSchema: { disclaimer: { "ui:widget": "textarea" } },
  defaults: () => ({ title: "Trade-In", provider: "", link: "" }),
});

/**
 * The feature module of the trade-in-value package: what the server validates and the builder edits. The
 * server calls the default export with its helpers (schemas/features/package-helpers.ts), so the fields
 * carry the product's messages and this package depends on nothing but its own files.
 *
 * @param {import("../../schemas/features/package-helpers.ts").FeatureHelpers} helpers
 */
export default function tradeInValue({ Type, defineFeature, text, sized, url }) {
  return defineFeature({
    type: "TradeInValue",
    label: "Trade-in value",
    pageName: "trade-in-value",
    analyticsPage: "Form", // a widget page id of spec §2: the screen is a form
    properties: {
      provider: text(2, 40, { required: true, title: "Valuation provider" }),
      link: url({ required: true, title: "Valuation page" }),
      // What a vehicle of this model year in good condition with no miles is worth to the dealer; the
      // screen's estimate starts from it.
      baseValue: Type.Integer({ title: "Value of a new vehicle (USD)", minimum: 1000, maximum: 500000 }),
      disclaimer: Type.Optional(sized("message1000", { title: "Disclaimer" })),
    },
    uiSchema: { disclaimer: { "ui:widget": "textarea" } },
    defaults: () => ({ title: "Trade-In", provider: "", link: "", baseValue: 30000 }),
  });
}

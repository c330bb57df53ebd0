import { Type } from "@sinclair/typebox";

/**
 * Partner feature packages (issue 20) as the API describes them: what the builder loads to offer and edit a
 * partner's type, what the widget loads to draw it, and what the admin console lists.
 */

/** Where a package's files are served: same origin, versioned, cached for a year. */
const Files = {
  screen: Type.String({
    description: "The screen's ES module, e.g. /partner/trade-in-value@1.0.0/screen.js",
  }),
  locales: Type.Record(Type.String(), Type.String(), {
    description:
      "The package's strings per language (en, es), each a JSON file under the same versioned path",
  }),
};

/** One partner type as the widget needs it to draw its screen. */
export const PartnerScreen = Type.Object({
  type: Type.String({ description: "The feature type the package adds" }),
  package: Type.String(),
  version: Type.String(),
  analyticsPage: Type.String({
    description: "The widget page id analytics records ({field} read from the feature)",
  }),
  ...Files,
});

/** One partner type as the builder needs it: its module as plain JSON. */
export const PartnerFeatureType = Type.Object({
  ...PartnerScreen.properties,
  label: Type.String(),
  pageName: Type.String({ description: "Editor route segment under /apps/{appId}/features/" }),
  schema: Type.Unknown({ description: "JSON Schema of one feature of the type" }),
  uiSchema: Type.Unknown({ description: "RJSF UI hints of its editor" }),
  defaults: Type.Unknown({ description: "Values of a newly added feature besides its id and type" }),
});

export const PartnerFeatureTypes = Type.Object({
  types: Type.Array(PartnerFeatureType),
  retainedTypes: Type.Array(Type.String(), {
    description:
      "Types saved apps use that no loaded package provides: their features are kept as they are and show 'No Preview Available'",
  }),
});

/** The admin console's list: every configured package, loaded or not, and the apps using its type. */
export const AdminFeaturePackage = Type.Object({
  package: Type.String({ description: "The FEATURE_PACKAGES entry, or the package's name once read" }),
  version: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  label: Type.Optional(Type.String()),
  status: Type.Union([Type.Literal("loaded"), Type.Literal("failed")]),
  error: Type.Optional(Type.String({ description: "Why the package was not loaded" })),
  apps: Type.Array(Type.Object({ appId: Type.String(), name: Type.String() })),
});
export const AdminFeaturePackages = Type.Array(AdminFeaturePackage);

import { type TLiteral, type TObject, type TProperties, Type } from "@sinclair/typebox";
import { icon, Timeframe, uuid } from "../common.ts";
import type { AnalyticsPageTemplate } from "../constants/feature-pages.ts";
import { sized } from "../text.ts";
import type { FeatureModule, UiSchema } from "./module.ts";

/** Fields every feature has (spec §3): id, type, hide, icon, title, headerTitle, timeframe. */
const baseProperties = {
  id: uuid({ title: "Id" }),
  hide: Type.Optional(Type.Boolean({ title: "Hide" })),
  icon: Type.Optional(icon()),
  title: sized("name", { required: true, title: "Title" }),
  headerTitle: Type.Optional(sized("screenTitle", { title: "Header title" })),
  timeframe: Type.Optional(Timeframe),
};
type BaseProperties = typeof baseProperties;

export type FeatureSchema<T extends string, P extends TProperties> = TObject<
  BaseProperties & { type: TLiteral<T> } & P
>;

const baseUi: UiSchema = {
  id: { "ui:widget": "hidden" },
  type: { "ui:widget": "hidden" },
  icon: { "ui:widget": "icon" },
};

interface Definition<T extends string, P extends TProperties> {
  type: T;
  label: string;
  /** Editor route segment; a built-in type's is in FEATURE_PAGE_NAMES. */
  pageName: string;
  /** Widget page id for analytics; a built-in type's is in FEATURE_ANALYTICS_PAGES. */
  analyticsPage: AnalyticsPageTemplate;
  properties: P;
  /** Conditions across fields (allOf of if/then), e.g. a contact method's value by its type. */
  allOf?: object[];
  uiSchema?: UiSchema;
  defaults: () => Record<string, unknown> & { title: string };
}

/** Builds a feature module from its own fields; the base fields and their UI hints are added here. */
export function defineFeature<const T extends string, P extends TProperties>(
  def: Definition<T, P>,
): FeatureModule<FeatureSchema<T, P>> {
  const typeField: TLiteral<T> = Type.Literal(def.type, { title: "Type" });
  const schema = Type.Object(
    { ...baseProperties, type: typeField, ...def.properties },
    { additionalProperties: false, title: def.label, ...(def.allOf ? { allOf: def.allOf } : {}) },
  ) as unknown as FeatureSchema<T, P>;
  const own = Object.keys(def.properties);
  return {
    type: def.type,
    label: def.label,
    schema,
    uiSchema: {
      ...baseUi,
      ...def.uiSchema,
      "ui:order": ["title", "headerTitle", "icon", ...own, "timeframe", "hide", "*"],
    },
    defaults: def.defaults,
    pageName: def.pageName,
    analyticsPage: def.analyticsPage,
  };
}

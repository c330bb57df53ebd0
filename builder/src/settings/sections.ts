import {
  AppDefinition,
  LAYOUTS,
  SignInScreen,
  Theme,
  TilesConfig,
  themeUiSchema,
  type UiSchema,
} from "../../../schemas/index.ts";

type Props = typeof AppDefinition.properties;

/**
 * The app settings editors as data (Payload style): each section is a schema cut from the contract plus
 * UI hints; one generic page renders them all with RJSF.
 * - `pick`: top-level definition fields edited together;
 * - `property`: one nested object of the definition edited as a whole.
 */
export type SettingsSection = {
  key: string;
  label: string;
  uiSchema: UiSchema;
} & ({ pick: (keyof Props)[] } | { property: "theme" | "tilesConfig" | "signIn"; schema: object });

export const settingsSections: SettingsSection[] = [
  {
    key: "brand",
    label: "Brand",
    pick: ["name", "logo", "website"],
    uiSchema: { name: { "ui:title": "App name", "ui:options": { maxLength: 120 } } },
  },
  {
    key: "cover",
    label: "Cover",
    pick: [
      "cover",
      "coverPath",
      "coverVideo",
      "coverSlides",
      "coverBrands",
      "coverLocations",
      "coverTimeframe",
    ],
    uiSchema: {
      coverLocations: { "ui:field": "locations", "ui:title": "Locations" },
      coverTimeframe: { "ui:title": "Cover timeframe" },
      coverVideo: { "ui:title": "Cover video" },
    },
  },
  {
    key: "theme",
    label: "Theme",
    property: "theme",
    schema: Theme,
    uiSchema: { ...themeUiSchema, layout: { "ui:enumNames": [...LAYOUTS] } },
  },
  {
    key: "tiles",
    label: "Tiles",
    property: "tilesConfig",
    schema: TilesConfig,
    uiSchema: { tiles: { "ui:field": "tiles" } },
  },
  {
    key: "sign-in",
    label: "Sign-in screen",
    property: "signIn",
    schema: SignInScreen,
    uiSchema: { phoneAuth: { "ui:widget": "switch", "ui:options": { label: false } } },
  },
];

const pickedSchemas = new Map<string, object>();

/** The schema a section edits; picked ones are built once so ajv compiles them once. */
export function sectionSchema(section: SettingsSection): object {
  if ("schema" in section) return section.schema;
  let schema = pickedSchemas.get(section.key);
  if (!schema) {
    const required = (AppDefinition.required ?? []).filter((k) => section.pick.includes(k as keyof Props));
    schema = {
      type: "object",
      properties: Object.fromEntries(section.pick.map((k) => [k, AppDefinition.properties[k]])),
      required,
      additionalProperties: false,
    };
    pickedSchemas.set(section.key, schema);
  }
  return schema;
}

/** The part of the definition a section shows. */
export function sectionValue(section: SettingsSection, d: AppDefinition): Record<string, unknown> {
  if ("property" in section) return (d[section.property] ?? {}) as Record<string, unknown>;
  return Object.fromEntries(section.pick.filter((k) => d[k] !== undefined).map((k) => [k, d[k]]));
}

/** The definition with a section's new value put back; keys the section cleared are removed. */
export function withSectionValue(
  section: SettingsSection,
  d: AppDefinition,
  value: Record<string, unknown>,
): AppDefinition {
  if ("property" in section) return { ...d, [section.property]: value };
  const next: Record<string, unknown> = { ...d };
  for (const k of section.pick) {
    const v = value[k];
    if (v === undefined || v === "") delete next[k];
    else next[k] = v;
  }
  // The name is required: an emptied name stays as "" so the form can say "value can't be empty".
  if (section.pick.includes("name") && next.name === undefined) next.name = "";
  return next as AppDefinition;
}

export const findSection = (key: string | undefined) => settingsSections.find((s) => s.key === key);

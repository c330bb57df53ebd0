import { type Static, Type } from "@sinclair/typebox";
import { messages } from "./messages.ts";
import { lengths, text } from "./text.ts";

const [nameMin, nameMax] = lengths.appName;
const [slugMin, slugMax] = lengths.slug;

/** The app definition (spec §3 App.definition): everything a business user configures. */
export const AppDefinition = Type.Object(
  {
    name: text(nameMin, nameMax, { required: true, title: "Name" }),
    logo: Type.Optional(Type.String({ title: "Logo" })),
    cover: Type.Optional(Type.String({ title: "Cover" })),
  },
  { additionalProperties: true, errorMessage: { required: { name: messages.required } } },
);
export type AppDefinition = Static<typeof AppDefinition>;

export const Slug = Type.String({
  pattern: "\\S",
  allOf: [
    {
      if: { pattern: "\\S" },
      then: {
        minLength: slugMin,
        maxLength: slugMax,
        errorMessage: { minLength: messages.min(slugMin), maxLength: messages.max(slugMax) },
      },
    },
  ],
  errorMessage: { type: messages.required, pattern: messages.required },
});

export const AppStatus = Type.Union([Type.Literal("Active"), Type.Literal("Inactive")], {
  default: "Active",
});
export const Lang = Type.Union([Type.Literal("en"), Type.Literal("es")], { default: "en" });
export const MakeModelType = Type.Union(
  [Type.Literal("Car"), Type.Literal("Truck"), Type.Literal("Powersport"), Type.Literal("Trailer")],
  { default: "Car" },
);
export const DomainType = Type.Union(
  [Type.Literal("Auto"), Type.Literal("Restaurant"), Type.Literal("WebPromos")],
  { default: "Auto" },
);

/** POST /apps: a definition, and optionally a slug (derived from the name when left out). */
export const AppCreate = Type.Object(
  {
    slug: Type.Optional(Slug),
    lang: Type.Optional(Lang),
    domainType: Type.Optional(DomainType),
    makeModelType: Type.Optional(MakeModelType),
    definition: AppDefinition,
  },
  { additionalProperties: false, errorMessage: { required: { definition: messages.required } } },
);
export type AppCreate = Static<typeof AppCreate>;

/** PUT /apps/{id}: the version the edit was based on guards against overwriting someone else's save. */
export const AppUpdate = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    slug: Slug,
    lang: Type.Optional(Lang),
    domainType: Type.Optional(DomainType),
    makeModelType: Type.Optional(MakeModelType),
    definition: AppDefinition,
  },
  {
    additionalProperties: false,
    errorMessage: {
      required: { version: messages.required, slug: messages.required, definition: messages.required },
    },
  },
);
export type AppUpdate = Static<typeof AppUpdate>;

/** An app as the builder reads it. */
export const App = Type.Object({
  appId: Type.String(),
  slug: Type.String(),
  version: Type.Integer(),
  created: Type.String(),
  status: AppStatus,
  lang: Lang,
  domainType: DomainType,
  makeModelType: MakeModelType,
  role: Type.Optional(Type.String()),
  definition: AppDefinition,
});
export type App = Static<typeof App>;

/** What the widget reads from GET /mobile/app: only what end users may see. */
export const MobileApp = Type.Object({
  appId: Type.String(),
  lang: Lang,
  domainType: DomainType,
  makeModelType: MakeModelType,
  definition: AppDefinition,
});
export type MobileApp = Static<typeof MobileApp>;

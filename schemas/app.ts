import { type Static, Type } from "@sinclair/typebox";
import { stringEnum } from "./common.ts";
import { AppDefinition } from "./definition.ts";
import { lengths, text } from "./text.ts";
import { url } from "./url.ts";

export { AnyFeature, AppDefinition, AppSettings, appSettingsUiSchema } from "./definition.ts";

const [slugMin, slugMax] = lengths.slug;

export const Slug = text(slugMin, slugMax, { required: true, title: "Slug" });

/** Inactive means discontinued (spec §3): the widget answers 'The app has been discontinued'. */
export const AppStatus = stringEnum(["Active", "Inactive"] as const, { default: "Active" });
export const Lang = stringEnum(["en", "es"] as const, { default: "en" });
export const MakeModelType = stringEnum(["Car", "Truck", "Powersport", "Trailer"] as const, {
  default: "Car",
});
export const DomainType = stringEnum(["Auto", "Restaurant", "WebPromos"] as const, { default: "Auto" });
export type MakeModelType = Static<typeof MakeModelType>;
export type DomainType = Static<typeof DomainType>;

/** spec §3 integrationConfig: repair orders, contracts, parts, and the rewards status (default Disabled). */
export const IntegrationConfig = Type.Object(
  {
    ro: Type.Optional(Type.Boolean({ title: "Repair orders" })),
    tca: Type.Optional(Type.Boolean({ title: "Contracts" })),
    parts: Type.Optional(Type.Boolean({ title: "Parts" })),
    rewardsStatus: stringEnum(["Disabled", "Enabled"] as const, { title: "Rewards", default: "Disabled" }),
  },
  { additionalProperties: true },
);

/** A rooftop of the app (spec §3 locations: ids and the integration's id). */
export const AppLocation = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    integrationId: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** Configs owned by integrations; their fields are theirs, so they stay open. */
const OpenConfig = Type.Record(Type.String(), Type.Unknown());

/** POST /apps: a definition, and optionally a slug (derived from the name when left out). */
export const AppCreate = Type.Object(
  {
    slug: Type.Optional(Slug),
    lang: Type.Optional(Lang),
    domainType: Type.Optional(DomainType),
    makeModelType: Type.Optional(MakeModelType),
    definition: AppDefinition,
  },
  { additionalProperties: false },
);
export type AppCreate = Static<typeof AppCreate>;

/** The same schema without its default: on update a missing value means "unchanged", not "reset". */
const unchangedWhenMissing = <T extends object>(schema: T): T => {
  const { default: _, ...rest } = schema as T & { default?: unknown };
  return rest as T;
};

/** PUT /apps/{id}: the version the edit was based on guards against overwriting someone else's save. */
export const AppUpdate = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    slug: Slug,
    lang: Type.Optional(unchangedWhenMissing(Lang)),
    domainType: Type.Optional(unchangedWhenMissing(DomainType)),
    makeModelType: Type.Optional(unchangedWhenMissing(MakeModelType)),
    definition: AppDefinition,
  },
  { additionalProperties: false },
);
export type AppUpdate = Static<typeof AppUpdate>;

/** An app as the builder reads it (spec §3 App). Fields the server may not fill yet are optional. */
export const App = Type.Object({
  appId: Type.String(),
  slug: Type.String(),
  version: Type.Integer(),
  created: Type.String(),
  status: AppStatus,
  lang: Lang,
  domainType: DomainType,
  makeModelType: MakeModelType,
  multiappId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  locations: Type.Optional(Type.Array(AppLocation)),
  integrationConfig: Type.Optional(IntegrationConfig),
  navi360Config: Type.Optional(OpenConfig),
  uptimeProConfig: Type.Optional(OpenConfig),
  loyaltyConfig: Type.Optional(OpenConfig),
  loyaltyAccountId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  website: Type.Optional(url({ title: "Website" })),
  portalUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
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
  /** Google tag ids (G-...) the widget mirrors its analytics events to, when the app has any. */
  analyticsIds: Type.Optional(Type.Array(Type.String({ pattern: "^G-" }))),
  /**
   * The address each configured integration opens (i360 and utp: navi360Config.url; uptime_pro:
   * uptimeProConfig.url). Only that address leaves the server: the rest of a config may hold credentials.
   */
  integrations: Type.Optional(
    Type.Object({
      navi360Config: Type.Optional(Type.Object({ url: Type.String() })),
      uptimeProConfig: Type.Optional(Type.Object({ url: Type.String() })),
    }),
  ),
  /**
   * Special packages shown now (their dates, spec §4 timeframe rule), each one offer in the Coupons list. Only
   * coupons of the public list (not personalized) are named; a package left without any is not sent.
   */
  packages: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        title: Type.String(),
        description: Type.Optional(Type.String()),
        image: Type.Optional(Type.String()),
        from: Type.Optional(Type.String({ format: "date-time" })),
        to: Type.Optional(Type.String({ format: "date-time" })),
        couponIds: Type.Array(Type.String()),
      }),
    ),
  ),
});
export type MobileApp = Static<typeof MobileApp>;
export type WidgetPackage = NonNullable<MobileApp["packages"]>[number];

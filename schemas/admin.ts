import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { AppLocation, AppStatus, DomainType, Lang, MakeModelType } from "./app.ts";
import { messages } from "./messages.ts";
import { text } from "./text.ts";
import { webUrl } from "./url.ts";

const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const short = () => nullable(Type.String({ maxLength: 200 }));
const url = () => nullable(Type.String({ maxLength: 2000 }));
const config = () => nullable(Type.Record(Type.String(), Type.Unknown()));

/** GET /admin/apps: spec §7, take 20 by default (spec §9 admin list page). */
export const AdminAppsQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, maximum: 1000000, default: 0 }),
  take: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  includeMaster: Type.Boolean({ default: false }),
});
export type AdminAppsQuery = Static<typeof AdminAppsQuery>;

export const AdminAppListItem = Type.Object({
  appId: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  status: Type.String(),
  domainType: Type.String(),
  makeModelType: Type.String(),
  isMaster: Type.Boolean(),
  version: Type.Integer(),
  created: Type.String(),
  /** The e-mail of the app's first Owner, null for an app without one. */
  owner: Type.Union([Type.String(), Type.Null()]),
});
export type AdminAppListItem = Static<typeof AdminAppListItem>;

export const AdminAppList = Type.Object({ items: Type.Array(AdminAppListItem), total: Type.Integer() });
export type AdminAppList = Static<typeof AdminAppList>;

/**
 * Admin-editable app data (spec §3 admin app view). PUT /admin/apps/{id}/metadata merges what it is given
 * into what is stored: absent keys are kept, null clears a key, and objects (configs) merge key by key.
 */
export const AppMetadata = Type.Object(
  {
    appleBundleId: Type.Optional(short()),
    iosVersion: Type.Optional(short()),
    androidVersion: Type.Optional(short()),
    inReviewVersion: Type.Optional(short()),
    appleStoreUrl: Type.Optional(url()),
    googlePlayUrl: Type.Optional(url()),
    analyticsId: Type.Optional(short()),
    integrationAccountId: Type.Optional(short()),
    loyaltyAccountId: Type.Optional(short()),
    brandLocked: Type.Optional(Type.Boolean()),
    isMaster: Type.Optional(Type.Boolean()),
    status: Type.Optional(AppStatus),
    lang: Type.Optional(Lang),
    domainType: Type.Optional(DomainType),
    makeModelType: Type.Optional(MakeModelType),
    website: Type.Optional(url()),
    // The portal is where a browser is sent: the URL policy's web addresses only (core/url-policy.ts).
    portalUrl: Type.Optional(nullable(webUrl())),
    integrationConfig: Type.Optional(config()),
    loyaltyConfig: Type.Optional(config()),
    navi360Config: Type.Optional(config()),
    uptimeProConfig: Type.Optional(config()),
  },
  { additionalProperties: false },
);
export type AppMetadata = Static<typeof AppMetadata>;

/** The app's locations (spec §3: ids and integrationId), replaced by POST /admin/apps/{id}/locations. */
export const AppLocations = Type.Array(AppLocation, { maxItems: 500 });
export type AppLocations = Static<typeof AppLocations>;

export const AppRelease = Type.Object({
  id: Type.String(),
  version: Type.Integer(),
  fullUpdate: Type.Boolean(),
  created: Type.String(),
});
export type AppRelease = Static<typeof AppRelease>;

/** The admin app view of spec §3: the app's own fields, its store data and its configs. */
export const AdminAppView = Type.Object({
  appId: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  created: Type.String(),
  version: Type.Integer(),
  status: Type.String(),
  lang: Type.String(),
  domainType: Type.String(),
  makeModelType: Type.String(),
  isMaster: Type.Boolean(),
  multiappId: Type.Union([Type.String(), Type.Null()]),
  website: Type.Union([Type.String(), Type.Null()]),
  portalUrl: Type.Union([Type.String(), Type.Null()]),
  locations: Type.Union([AppLocations, Type.Null()]),
  loyaltyAccountId: Type.Union([Type.String(), Type.Null()]),
  integrationConfig: Type.Record(Type.String(), Type.Unknown()),
  loyaltyConfig: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  navi360Config: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  uptimeProConfig: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  appleBundleId: Type.Union([Type.String(), Type.Null()]),
  iosVersion: Type.Union([Type.String(), Type.Null()]),
  androidVersion: Type.Union([Type.String(), Type.Null()]),
  inReviewVersion: Type.Union([Type.String(), Type.Null()]),
  appleStoreUrl: Type.Union([Type.String(), Type.Null()]),
  googlePlayUrl: Type.Union([Type.String(), Type.Null()]),
  analyticsId: Type.Union([Type.String(), Type.Null()]),
  integrationAccountId: Type.Union([Type.String(), Type.Null()]),
  brandLocked: Type.Boolean(),
  lastRelease: Type.Union([AppRelease, Type.Null()]),
});
export type AdminAppView = Static<typeof AdminAppView>;

export const ReleaseQuery = Type.Object({ fullUpdate: Type.Boolean({ default: false }) });
export const ReviewVersionQuery = Type.Object(
  {
    version: Type.String({
      pattern: "^[0-9]+(\\.[0-9]+){0,3}$",
      maxLength: 40,
      errorMessage: "version should look like 1.2.3",
    }),
  },
  { errorMessage: { required: { version: messages.required } } },
);

/**
 * Push credentials of an app. Secrets (the iOS key, the Android private key, the VAPID private key) are
 * write-only: the read view says whether they are set, never what they are.
 */
export const PushProfile = Type.Object(
  {
    ios: Type.Optional(
      Type.Object(
        {
          bundleId: Type.String({ minLength: 1, maxLength: 200 }),
          teamId: Type.String({ minLength: 1, maxLength: 40 }),
          keyId: Type.String({ minLength: 1, maxLength: 40 }),
          key: Type.String({ minLength: 1, maxLength: 10000 }),
          production: Type.Boolean({ default: true }),
        },
        { additionalProperties: false },
      ),
    ),
    android: Type.Optional(
      Type.Object(
        {
          projectId: Type.String({ minLength: 1, maxLength: 200 }),
          clientEmail: Type.String({ minLength: 3, maxLength: 320 }),
          privateKey: Type.String({ minLength: 1, maxLength: 10000 }),
        },
        { additionalProperties: false },
      ),
    ),
    web: Type.Optional(
      Type.Object(
        {
          publicKey: Type.String({ minLength: 1, maxLength: 200 }),
          privateKey: Type.String({ minLength: 1, maxLength: 200 }),
          subject: Type.String({ minLength: 1, maxLength: 320 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1, errorMessage: { minProperties: messages.required } },
);
export type PushProfile = Static<typeof PushProfile>;

export const PushProfileView = Type.Object({
  ios: Type.Optional(
    Type.Object({
      bundleId: Type.String(),
      teamId: Type.String(),
      keyId: Type.String(),
      production: Type.Boolean(),
      hasKey: Type.Boolean(),
    }),
  ),
  android: Type.Optional(
    Type.Object({ projectId: Type.String(), clientEmail: Type.String(), hasKey: Type.Boolean() }),
  ),
  web: Type.Optional(
    Type.Object({ publicKey: Type.String(), subject: Type.String(), hasKey: Type.Boolean() }),
  ),
});
export type PushProfileView = Static<typeof PushProfileView>;

/** A file about an app's users, listed with the URL that downloads it. */
export const AppUserFile = Type.Object({
  id: Type.String(),
  appId: Type.String(),
  name: Type.String(),
  url: Type.String(),
  bytes: Type.Integer(),
  created: Type.String(),
});
export type AppUserFile = Static<typeof AppUserFile>;

/** A group of apps (spec §3 multiapp: name, appIds, downloadsAppId). */
export const MultiappInput = Type.Object(
  {
    name: text(2, 64, { required: true }),
    appIds: Type.Array(Type.String({ format: "uuid", errorMessage: "invalid app id" }), {
      maxItems: 500,
      uniqueItems: true,
    }),
    downloadsAppId: Type.Optional(
      Type.Union([Type.String({ format: "uuid", errorMessage: "invalid app id" }), Type.Null()]),
    ),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { name: messages.required, appIds: messages.required } },
  },
);
export type MultiappInput = Static<typeof MultiappInput>;

export const Multiapp = Type.Object({
  id: Type.String(),
  name: Type.String(),
  appIds: Type.Array(Type.String()),
  downloadsAppId: Type.Union([Type.String(), Type.Null()]),
  created: Type.String(),
});
export type Multiapp = Static<typeof Multiapp>;

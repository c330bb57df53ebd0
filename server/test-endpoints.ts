import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { issueToken } from "./ops/account-tokens.ts";
import { storeAppUserFile } from "./ops/app-user-files.ts";
import { diskStorage } from "./services/storage.ts";
import {
  grantRole,
  newEndUserSession,
  newSession,
  someAddress,
  TEST_PASSWORD,
  type TestEndUser,
  type TestUser,
  testEndUser,
  testUser,
} from "./test-helpers.ts";
import { fixtureDealerRecord, fixtureDocument, fixtureIntegrationKey, randomVin } from "./testing/dealer.ts";
import {
  enablePoints,
  ensureLoyaltyFeature,
  FIXTURE_LOYALTY_FEATURE,
  givePoints,
} from "./testing/loyalty.ts";
import { assignOffer, insertOffer } from "./testing/offers.ts";

/**
 * Every registered /api endpoint with who may call it and a request that succeeds when allowed. The
 * authorization matrix runs each against every persona (and fails on a route missing from either side); the
 * fuzz tests reuse the write endpoints.
 */

export const appRoleNames = ["Owner", "Manager", "Service", "Associate"] as const;
export type RoleName = (typeof appRoleNames)[number];

/**
 * The documented table (server/PERMISSIONS.md), written out again here on purpose: the test checks the
 * code against the document, not against itself.
 */
export const documented: Record<string, readonly RoleName[]> = {
  "app.read": appRoleNames,
  "app.edit": ["Owner", "Manager"],
  "settings.read": appRoleNames,
  "settings.write": ["Owner", "Manager"],
  "events.read": appRoleNames,
  "events.write": ["Owner", "Manager"],
  "managers.read": ["Owner", "Manager"],
  "managers.manage": ["Owner", "Manager"],
  "coupons.read": appRoleNames,
  "coupons.write": ["Owner", "Manager"],
  "appUsers.read": appRoleNames,
  "redemptions.read": appRoleNames,
  "redemptions.record": ["Owner", "Manager", "Service"],
  "loyalty.stamp": appRoleNames,
  "loyalty.manage": ["Owner", "Manager"],
  "points.read": appRoleNames,
  "points.write": ["Owner", "Manager", "Service"],
  "pushes.read": appRoleNames,
  "pushes.send": ["Owner", "Manager", "Service"],
  "geofences.read": appRoleNames,
  "geofences.write": ["Owner", "Manager"],
  "pushSubscriptions.read": ["Owner", "Manager"],
  "staff.read": appRoleNames,
  "staff.manage": ["Owner", "Manager"],
  "tasks.read": appRoleNames,
  "appUsers.edit": ["Owner", "Manager", "Service"],
  "leads.read": ["Owner", "Manager", "Service"],
  "leads.delete": ["Owner", "Manager"],
  "formData.read": ["Owner", "Manager", "Service"],
  "emailSubscriptions.manage": ["Owner", "Manager"],
  "analytics.read": ["Owner", "Manager"],
  "dealerData.read": appRoleNames,
  "dealerData.write": ["Owner", "Manager"],
  "integrationKeys.manage": ["Owner"],
};

export type Access =
  | { kind: "public" }
  | { kind: "signedIn" }
  | { kind: "app"; action: keyof typeof documented }
  | { kind: "admin" }
  | { kind: "clientManager" }
  /** The widget's signed-in end user, on their own profile in their own app (X-App): their token only. */
  | { kind: "endUser" };

export type PersonaName =
  | "anonymous"
  | "stranger"
  | `other ${RoleName}`
  | `this ${RoleName}`
  | "Admin"
  | "Accountant"
  | EndUserPersona;

/** End users of the widget (no console account): each carries an end-user bearer token. */
export type EndUserPersona =
  /** The end user whose profile the /mobile/users/{userId} rows target, with their own token. */
  | "end user"
  /** Another end user of the same app, with their own valid token. */
  | "another end user"
  /** An end user of app B, with their own valid token. */
  | "other app's end user"
  /** The target end user's token after signing out through the API. */
  | "signed-out end user";

export interface Persona {
  name: PersonaName;
  user?: TestUser;
  /** Roles on app A ("this") or B ("other"). */
  role?: { app: "A" | "B"; role: RoleName };
  /** An end user's token (end-user personas only). */
  endUser?: { id: string; token: string };
}

export interface Ctx {
  app: FastifyInstance;
  personas: Persona[];
  appA: string;
  appB: string;
  /** Texts found only in app A's or app B's data: no response may show them to someone without access. */
  markers: { A: string; B: string };
  /** A text found only in the target end user's profile: only that end user may see it. */
  endUserMarker: string;
  /** The end user the /mobile/users/{userId} rows target (the "end user" persona), in app A. */
  endUser: TestEndUser;
  multiappId: string;
  makeModelId: string;
  fileId: string;
  png: Buffer;
}

export interface Request {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** false: send no Authorization header even for a signed-in persona. */
  auth?: boolean;
}

export interface Endpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route as registered, e.g. "/api/apps/:id". */
  route: string;
  access: Access;
  /** Builds a request that succeeds for an allowed persona; may create fresh fixtures per call. */
  request: (ctx: Ctx, persona: Persona) => Promise<Request> | Request;
  /** The endpoint publishes an app's data on purpose (the widget's public app). */
  publishesApp?: boolean;
  /** Carries a body worth fuzzing. */
  write?: boolean;
  /** The status an allowed call answers when it is not 200 (201 for a create): it counts as the matrix's 200. */
  success?: number;
  /** More to check after a persona's call: a problem to report, or undefined. */
  check?: (ctx: Ctx, persona: Persona, status: number) => Promise<string | undefined>;
}

const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}`;
const db = (ctx: Ctx) => ctx.app.database.db;

async function currentVersion(ctx: Ctx, appId: string): Promise<number> {
  const { rows } = await ctx.app.database.execute("select version from apps where id = $1", [appId]);
  return rows[0].version;
}

/** A fresh member of app A with this role, to be removed or changed. */
async function freshMember(ctx: Ctx, role: RoleName = "Associate"): Promise<string> {
  const u = await testUser(ctx.app);
  await grantRole(ctx.app, u.id, ctx.appA, role);
  return u.id;
}

async function freshApp(ctx: Ctx): Promise<string> {
  const { rows } = await ctx.app.database.execute(
    "insert into apps (slug, definition) values ($1, $2) returning id",
    [unique("fixture-app"), JSON.stringify({ name: "Fixture Motors" })],
  );
  return rows[0].id;
}

const imageBody = (png: Buffer) => {
  const boundary = "----matrixboundary";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
};

const csv = (text: string) => ({ payload: text, headers: { "content-type": "text/csv" } });

/** Removes app A's offers and special packages (the offer rows' fixtures start from an empty list). */
async function clearOffers(ctx: Ctx) {
  await ctx.app.database.execute("delete from special_packages where app_id = $1", [ctx.appA]);
  await ctx.app.database.execute("delete from offers where owner_app_id = $1", [ctx.appA]);
}

export const endpoints: Endpoint[] = [
  // Accounts
  {
    method: "POST",
    route: "/api/accounts/sign-up",
    access: { kind: "public" },
    write: true,
    request: () => ({
      url: "/api/accounts/sign-up",
      payload: { email: `${unique("up")}@example.com`, password: "secret-1" },
    }),
  },
  {
    method: "POST",
    route: "/api/accounts/sign-up/:code",
    access: { kind: "public" },
    write: true,
    request: async (ctx) => {
      const email = `${unique("invited")}@example.com`;
      const { token } = await issueToken(db(ctx), "invitation", email, {
        payload: { appId: ctx.appA, role: "Associate", locations: [] },
      });
      return { url: `/api/accounts/sign-up/${token}`, payload: { email, password: "secret-1" } };
    },
  },
  {
    method: "POST",
    route: "/api/accounts/sign-in",
    access: { kind: "public" },
    write: true,
    request: async (ctx) => {
      const u = await testUser(ctx.app);
      return { url: "/api/accounts/sign-in", payload: { email: u.email, password: TEST_PASSWORD } };
    },
  },
  {
    method: "GET",
    route: "/api/accounts/me",
    access: { kind: "signedIn" },
    request: () => ({ url: "/api/accounts/me" }),
  },
  {
    method: "DELETE",
    route: "/api/accounts/sign-out",
    access: { kind: "signedIn" },
    // A session of its own, so the persona's main session survives.
    request: async (ctx, p): Promise<Request> =>
      p.user
        ? {
            url: "/api/accounts/sign-out",
            headers: { authorization: await newSession(ctx.app, p.user) },
            auth: false,
          }
        : { url: "/api/accounts/sign-out" },
  },
  {
    method: "POST",
    route: "/api/accounts/send-password-reset/:email",
    access: { kind: "public" },
    request: () => ({ url: `/api/accounts/send-password-reset/${unique("reset")}@example.com` }),
  },
  {
    method: "PUT",
    route: "/api/accounts/reset-password/:token",
    access: { kind: "public" },
    write: true,
    request: async (ctx) => {
      const u = await testUser(ctx.app);
      const { token } = await issueToken(db(ctx), "reset-password", u.email, { userId: u.id });
      return { url: `/api/accounts/reset-password/${token}`, payload: { password: "new-secret" } };
    },
  },
  {
    method: "POST",
    route: "/api/accounts/unlock/:token",
    access: { kind: "public" },
    write: true,
    request: async (ctx) => {
      const u = await testUser(ctx.app);
      const { token } = await issueToken(db(ctx), "unlock", u.email, { userId: u.id });
      return { url: `/api/accounts/unlock/${token}`, payload: { password: TEST_PASSWORD } };
    },
  },
  {
    method: "PUT",
    route: "/api/accounts/change-password",
    access: { kind: "signedIn" },
    write: true,
    // Changing a password ends the user's other sessions: a stand-in user of the same type takes the call.
    request: async (ctx, p): Promise<Request> => {
      const stand = p.user ? await testUser(ctx.app, p.user.type as "User") : undefined;
      return {
        url: "/api/accounts/change-password",
        ...(stand ? { headers: { ...stand.headers }, auth: false } : {}),
        payload: { password: TEST_PASSWORD, newPassword: "changed-pass" },
      };
    },
  },
  {
    method: "POST",
    route: "/api/accounts/send-email-confirmation",
    access: { kind: "signedIn" },
    request: () => ({ url: "/api/accounts/send-email-confirmation" }),
  },
  {
    method: "PUT",
    route: "/api/accounts/confirm-email/:token",
    access: { kind: "public" },
    request: async (ctx) => {
      const u = await testUser(ctx.app);
      const { token } = await issueToken(db(ctx), "confirm-email", u.email, { userId: u.id });
      return { url: `/api/accounts/confirm-email/${token}` };
    },
  },
  {
    method: "POST",
    route: "/api/admin/accounts/sign-in-as/:id",
    access: { kind: "admin" },
    request: async (ctx) => ({ url: `/api/admin/accounts/sign-in-as/${(await testUser(ctx.app)).id}` }),
  },
  {
    method: "PUT",
    route: "/api/admin/accounts/:id/password",
    access: { kind: "admin" },
    write: true,
    request: async (ctx) => ({
      url: `/api/admin/accounts/${(await testUser(ctx.app)).id}/password`,
      payload: { password: "set-by-admin" },
    }),
  },

  // Managers
  {
    method: "POST",
    route: "/api/accounts/app/:appId/managers",
    access: { kind: "app", action: "managers.manage" },
    write: true,
    request: (ctx) => ({
      url: `/api/accounts/app/${ctx.appA}/managers`,
      payload: { email: `${unique("invite")}@example.com`, role: "Associate", locations: ["north"] },
    }),
  },
  {
    method: "GET",
    route: "/api/accounts/app/:appId/managers",
    access: { kind: "app", action: "managers.read" },
    request: (ctx) => ({ url: `/api/accounts/app/${ctx.appA}/managers` }),
  },
  {
    method: "DELETE",
    route: "/api/accounts/app/:appId/managers/:id",
    access: { kind: "app", action: "managers.manage" },
    request: async (ctx) => ({ url: `/api/accounts/app/${ctx.appA}/managers/${await freshMember(ctx)}` }),
  },
  {
    method: "POST",
    route: "/api/accounts/app/:appId/managers/:id/role/:role",
    access: { kind: "app", action: "managers.manage" },
    write: true,
    request: async (ctx) => ({
      url: `/api/accounts/app/${ctx.appA}/managers/${await freshMember(ctx)}/role/Service`,
      payload: { locations: ["south"] },
    }),
  },

  // Apps
  { method: "GET", route: "/api/apps", access: { kind: "signedIn" }, request: () => ({ url: "/api/apps" }) },
  {
    method: "GET",
    route: "/api/apps/template",
    access: { kind: "signedIn" },
    request: () => ({ url: "/api/apps/template" }),
  },
  {
    method: "POST",
    route: "/api/apps",
    access: { kind: "signedIn" },
    write: true,
    request: () => ({ url: "/api/apps", payload: { definition: { name: "Brand New Motors" } } }),
  },
  {
    method: "GET",
    route: "/api/apps/:id",
    access: { kind: "app", action: "app.read" },
    request: (ctx) => ({ url: `/api/apps/${ctx.appA}` }),
  },
  {
    method: "PUT",
    route: "/api/apps/:id",
    access: { kind: "app", action: "app.edit" },
    write: true,
    request: async (ctx) => {
      const { rows } = await ctx.app.database.execute("select slug from apps where id = $1", [ctx.appA]);
      return {
        url: `/api/apps/${ctx.appA}`,
        payload: {
          version: await currentVersion(ctx, ctx.appA),
          slug: rows[0].slug,
          definition: {
            name: `${ctx.markers.A} Motors`,
            website: `https://${ctx.markers.A.toLowerCase()}.example.com`,
            features: [FORM_FEATURE],
          },
        },
      };
    },
  },
  {
    method: "GET",
    route: "/api/apps/:id/settings/:key",
    access: { kind: "app", action: "settings.read" },
    request: (ctx) => ({ url: `/api/apps/${ctx.appA}/settings/dashboard` }),
  },
  {
    method: "PUT",
    route: "/api/apps/:id/settings/:key",
    access: { kind: "app", action: "settings.write" },
    write: true,
    request: (ctx) => ({
      url: `/api/apps/${ctx.appA}/settings/dashboard`,
      payload: { value: { columns: 2 } },
    }),
  },
  {
    method: "DELETE",
    route: "/api/apps/:id/settings/:key",
    access: { kind: "app", action: "settings.write" },
    request: (ctx) => ({ url: `/api/apps/${ctx.appA}/settings/old-key` }),
  },
  // Coupons and events as records (issue 12): one implementation serves both kinds. Each call that changes
  // an offer gets a fresh one (made by the Admin), so an allowed persona's call succeeds whatever came before.
  // Every call first clears app A's offers and packages: the builder's app carries all of them, and what the
  // fuzzing left behind must not grow app A's saved-app answer past the security suite's size cap.
  ...(["coupons", "events"] as const).flatMap((kind): Endpoint[] => {
    const read = { kind: "app", action: `${kind}.read` } as const;
    const write = { kind: "app", action: `${kind}.write` } as const;
    const body = (ctx: Ctx, title: string) => ({
      title: `${ctx.markers.A} ${title}`,
      ...(kind === "events" ? { link: "https://dealer.example/sale" } : {}),
    });
    const asAdmin = (ctx: Ctx) => ctx.personas.find((p) => p.name === "Admin")!.user!.headers;
    const fresh = async (ctx: Ctx): Promise<string> => {
      await clearOffers(ctx);
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/apps/${ctx.appA}/${kind}`,
        headers: asAdmin(ctx),
        payload: body(ctx, "fixture"),
      });
      if (res.statusCode !== 200) throw new Error(`${kind} fixture not created: ${res.body}`);
      return res.json().data.id;
    };
    return [
      {
        method: "GET",
        route: `/api/apps/:appId/${kind}`,
        access: read,
        request: async (ctx) => {
          await fresh(ctx);
          return { url: `/api/apps/${ctx.appA}/${kind}` };
        },
      },
      {
        method: "GET",
        route: `/api/apps/:appId/${kind}/:id`,
        access: read,
        request: async (ctx) => ({ url: `/api/apps/${ctx.appA}/${kind}/${await fresh(ctx)}` }),
      },
      {
        method: "POST",
        route: `/api/apps/:appId/${kind}`,
        access: write,
        write: true,
        request: async (ctx) => {
          await clearOffers(ctx);
          return { url: `/api/apps/${ctx.appA}/${kind}`, payload: body(ctx, "posted") };
        },
      },
      {
        method: "PUT",
        route: `/api/apps/:appId/${kind}/:id`,
        access: write,
        write: true,
        request: async (ctx) => ({
          url: `/api/apps/${ctx.appA}/${kind}/${await fresh(ctx)}`,
          payload: body(ctx, "replaced"),
        }),
      },
      {
        method: "DELETE",
        route: `/api/apps/:appId/${kind}/:id`,
        access: write,
        request: async (ctx) => ({ url: `/api/apps/${ctx.appA}/${kind}/${await fresh(ctx)}` }),
      },
      {
        method: "PUT",
        route: `/api/apps/:appId/${kind}/order`,
        access: write,
        write: true,
        request: async (ctx) => {
          await fresh(ctx);
          const list = await ctx.app.inject({ url: `/api/apps/${ctx.appA}/${kind}`, headers: asAdmin(ctx) });
          const ids = (list.json().data as { id: string }[]).map((o) => o.id);
          return { url: `/api/apps/${ctx.appA}/${kind}/order`, payload: { order: ids.reverse() } };
        },
      },
    ];
  }),
  // Special packages (issue 12): coupons of app A bundled; each call that changes one gets a fresh package.
  ...((): Endpoint[] => {
    const asAdmin = (ctx: Ctx) => ctx.personas.find((p) => p.name === "Admin")!.user!.headers;
    const made = async (ctx: Ctx, url: string, payload: object): Promise<string> => {
      const res = await ctx.app.inject({ method: "POST", url, headers: asAdmin(ctx), payload });
      if (res.statusCode !== 200) throw new Error(`fixture not created: ${res.body}`);
      return res.json().data.id;
    };
    const body = async (ctx: Ctx, title: string) => ({
      title: `${ctx.markers.A} ${title}`,
      couponIds: [await made(ctx, `/api/apps/${ctx.appA}/coupons`, { title: `${ctx.markers.A} packed` })],
    });
    /** A package of its own (app A's offers and packages cleared first). */
    const fresh = async (ctx: Ctx) => {
      await clearOffers(ctx);
      return made(ctx, `/api/apps/${ctx.appA}/special-packages`, await body(ctx, "package fixture"));
    };
    const read = { kind: "app", action: "coupons.read" } as const;
    const write = { kind: "app", action: "coupons.write" } as const;
    return [
      {
        method: "GET",
        route: "/api/apps/:appId/special-packages",
        access: read,
        request: async (ctx) => {
          await fresh(ctx);
          return { url: `/api/apps/${ctx.appA}/special-packages` };
        },
      },
      {
        method: "GET",
        route: "/api/apps/:appId/special-packages/:id",
        access: read,
        request: async (ctx) => ({ url: `/api/apps/${ctx.appA}/special-packages/${await fresh(ctx)}` }),
      },
      {
        method: "POST",
        route: "/api/apps/:appId/special-packages",
        access: write,
        write: true,
        request: async (ctx) => {
          await clearOffers(ctx);
          return {
            url: `/api/apps/${ctx.appA}/special-packages`,
            payload: await body(ctx, "posted package"),
          };
        },
      },
      {
        method: "PUT",
        route: "/api/apps/:appId/special-packages/:id",
        access: write,
        write: true,
        request: async (ctx) => {
          const id = await fresh(ctx);
          return {
            url: `/api/apps/${ctx.appA}/special-packages/${id}`,
            payload: await body(ctx, "replaced"),
          };
        },
      },
      {
        method: "DELETE",
        route: "/api/apps/:appId/special-packages/:id",
        access: write,
        request: async (ctx) => ({ url: `/api/apps/${ctx.appA}/special-packages/${await fresh(ctx)}` }),
      },
      {
        method: "PUT",
        route: "/api/apps/:appId/special-packages/order",
        access: write,
        write: true,
        request: async (ctx) => {
          await fresh(ctx);
          const list = await ctx.app.inject({
            url: `/api/apps/${ctx.appA}/special-packages`,
            headers: asAdmin(ctx),
          });
          const ids = (list.json().data as { id: string }[]).map((p) => p.id);
          return { url: `/api/apps/${ctx.appA}/special-packages/order`, payload: { order: ids.reverse() } };
        },
      },
    ];
  })(),
  // Promo content of another module, on this module's permission table (registered when present).
  {
    method: "GET",
    route: "/api/apps/:id/promo",
    access: { kind: "app", action: "app.read" },
    request: (ctx) => ({ url: `/api/apps/${ctx.appA}/promo` }),
  },
  {
    method: "PUT",
    route: "/api/apps/:id/promo",
    access: { kind: "app", action: "settings.write" },
    write: true,
    request: async (ctx) => {
      const admin = ctx.personas.find((p) => p.name === "Admin")!.user!;
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/apps/${ctx.appA}/promo`,
        headers: admin.headers,
      });
      return { url: `/api/apps/${ctx.appA}/promo`, payload: res.json().data.promo };
    },
  },

  // Admin: apps
  {
    method: "GET",
    route: "/api/admin/apps",
    access: { kind: "admin" },
    request: () => ({ url: "/api/admin/apps?includeMaster=true" }),
  },
  {
    method: "DELETE",
    route: "/api/admin/apps/cache",
    access: { kind: "admin" },
    request: () => ({ url: "/api/admin/apps/cache" }),
  },
  {
    method: "GET",
    route: "/api/admin/apps/app-users/files",
    access: { kind: "admin" },
    request: () => ({ url: "/api/admin/apps/app-users/files" }),
  },
  {
    method: "GET",
    route: "/api/admin/apps/app-users/files/:id",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/admin/apps/app-users/files/${ctx.fileId}` }),
  },
  {
    method: "DELETE",
    route: "/api/admin/apps/app-users/files/:id",
    access: { kind: "admin" },
    request: async (ctx) => {
      const storage = diskStorage(`${ctx.app.config.dataDir}/images`);
      const file = await storeAppUserFile(db(ctx), storage, ctx.appA, "x.csv", "text/csv", Buffer.from("a"));
      return { url: file.url };
    },
  },
  {
    method: "GET",
    route: "/api/admin/apps/:id",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/admin/apps/${ctx.appA}` }),
  },
  {
    method: "GET",
    route: "/api/admin/apps/:id/managers",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/admin/apps/${ctx.appA}/managers` }),
  },
  {
    method: "GET",
    route: "/api/admin/apps/:id/metadata",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/admin/apps/${ctx.appA}/metadata` }),
  },
  {
    method: "PUT",
    route: "/api/admin/apps/:id/metadata",
    access: { kind: "admin" },
    write: true,
    request: (ctx) => ({
      url: `/api/admin/apps/${ctx.appA}/metadata`,
      payload: { iosVersion: "1.0.0", integrationConfig: { ro: "x" } },
    }),
  },
  {
    method: "POST",
    route: "/api/admin/apps/:id/release",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/admin/apps/${ctx.appA}/release?fullUpdate=true` }),
  },
  {
    method: "POST",
    route: "/api/admin/apps/:id/review-version",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/admin/apps/${ctx.appA}/review-version?version=1.0.1` }),
  },
  {
    method: "POST",
    route: "/api/admin/apps/:id/locations",
    access: { kind: "admin" },
    write: true,
    request: (ctx) => ({
      url: `/api/admin/apps/${ctx.appA}/locations`,
      payload: [{ id: "north", integrationId: "dms" }, { id: "south" }],
    }),
  },
  {
    method: "POST",
    route: "/api/admin/apps/:id/brand-unlock",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/admin/apps/${ctx.appA}/brand-unlock` }),
  },
  {
    method: "GET",
    route: "/api/admin/apps/:id/push-profile",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/admin/apps/${ctx.appA}/push-profile` }),
  },
  {
    method: "POST",
    route: "/api/admin/apps/:id/push-profile",
    access: { kind: "admin" },
    write: true,
    request: (ctx) => ({
      url: `/api/admin/apps/${ctx.appA}/push-profile`,
      payload: { android: { projectId: "p", clientEmail: "push@example.com", privateKey: "k" } },
    }),
  },
  {
    method: "DELETE",
    route: "/api/admin/apps/:id/push-profile",
    access: { kind: "admin" },
    request: async (ctx) => ({ url: `/api/admin/apps/${await freshApp(ctx)}/push-profile` }),
  },

  // Admin console (issue 18, HB): the user list and detail, and the audit log
  {
    method: "GET",
    route: "/api/admin/accounts",
    access: { kind: "admin" },
    request: () => ({ url: "/api/admin/accounts?search=example" }),
  },
  {
    method: "GET",
    route: "/api/admin/accounts/:id",
    access: { kind: "admin" },
    request: async (ctx) => ({ url: `/api/admin/accounts/${(await testUser(ctx.app)).id}` }),
  },
  {
    method: "GET",
    route: "/api/admin/audit-log",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/admin/audit-log?appId=${ctx.appA}` }),
  },
  // Partner feature packages (issue 20): the builder's partner types, the widget's partner screens, the admin list
  {
    method: "GET",
    route: "/api/feature-packages",
    access: { kind: "signedIn" },
    request: () => ({ url: "/api/feature-packages" }),
  },
  {
    method: "GET",
    route: "/api/mobile/partner-screens",
    access: { kind: "public" },
    request: () => ({ url: "/api/mobile/partner-screens" }),
  },
  {
    method: "GET",
    route: "/api/admin/feature-packages",
    access: { kind: "admin" },
    request: () => ({ url: "/api/admin/feature-packages" }),
  },
  {
    method: "POST",
    route: "/api/utils/apps/:id/loot",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/utils/apps/${ctx.appA}/loot` }),
  },

  // Admin: multiapps
  {
    method: "GET",
    route: "/api/admin/multiapps",
    access: { kind: "admin" },
    request: () => ({ url: "/api/admin/multiapps" }),
  },
  {
    method: "POST",
    route: "/api/admin/multiapps",
    access: { kind: "admin" },
    write: true,
    request: async (ctx) => ({
      url: "/api/admin/multiapps",
      payload: { name: "Group", appIds: [await freshApp(ctx)] },
    }),
  },
  {
    method: "GET",
    route: "/api/admin/multiapps/:id",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/admin/multiapps/${ctx.multiappId}` }),
  },
  {
    method: "PUT",
    route: "/api/admin/multiapps/:id",
    access: { kind: "admin" },
    write: true,
    request: (ctx) => ({
      url: `/api/admin/multiapps/${ctx.multiappId}`,
      payload: { name: "Renamed Group", appIds: [] },
    }),
  },
  {
    method: "DELETE",
    route: "/api/admin/multiapps/:id",
    access: { kind: "admin" },
    request: async (ctx) => {
      const { rows } = await ctx.app.database.execute(
        "insert into multiapps (name) values ('Doomed') returning id",
      );
      return { url: `/api/admin/multiapps/${rows[0].id}` };
    },
  },

  // Admin: catalog
  {
    method: "GET",
    route: "/api/admin/make-models",
    access: { kind: "admin" },
    request: () => ({ url: "/api/admin/make-models" }),
  },
  {
    method: "POST",
    route: "/api/admin/make-models",
    access: { kind: "admin" },
    write: true,
    request: () => ({ url: "/api/admin/make-models", payload: { make: unique("Make"), model: "One" } }),
  },
  {
    method: "POST",
    route: "/api/admin/make-models/bulk",
    access: { kind: "admin" },
    write: true,
    request: () => ({
      url: "/api/admin/make-models/bulk",
      payload: [{ make: unique("Bulk"), model: "One" }],
    }),
  },
  {
    method: "GET",
    route: "/api/admin/make-models/csv",
    access: { kind: "admin" },
    request: () => ({ url: "/api/admin/make-models/csv" }),
  },
  {
    method: "POST",
    route: "/api/admin/make-models/csv",
    access: { kind: "admin" },
    write: true,
    request: () => ({ url: "/api/admin/make-models/csv", ...csv(`make,model\n${unique("Csv")},One\n`) }),
  },
  {
    method: "GET",
    route: "/api/admin/make-models/engine-types",
    access: { kind: "admin" },
    request: () => ({ url: "/api/admin/make-models/engine-types" }),
  },
  {
    method: "POST",
    route: "/api/admin/make-models/engine-types/bulk",
    access: { kind: "admin" },
    write: true,
    request: () => ({
      url: "/api/admin/make-models/engine-types/bulk",
      payload: [{ make: "Ford", model: "F-150", engineType: unique("V") }],
    }),
  },
  {
    method: "GET",
    route: "/api/admin/make-models/engine-types/csv",
    access: { kind: "admin" },
    request: () => ({ url: "/api/admin/make-models/engine-types/csv" }),
  },
  {
    method: "POST",
    route: "/api/admin/make-models/engine-types/csv",
    access: { kind: "admin" },
    write: true,
    request: () => ({
      url: "/api/admin/make-models/engine-types/csv",
      ...csv(`make,model,engineType\nFord,F-150,${unique("E")}\n`),
    }),
  },
  {
    method: "DELETE",
    route: "/api/admin/make-models/engine-types/:id",
    access: { kind: "admin" },
    request: async (ctx) => {
      const { rows } = await ctx.app.database.execute(
        "insert into engine_types (make, model, engine_type) values ('Ford', 'F-150', $1) returning id",
        [unique("Doomed")],
      );
      return { url: `/api/admin/make-models/engine-types/${rows[0].id}` };
    },
  },
  {
    method: "GET",
    route: "/api/admin/make-models/:id",
    access: { kind: "admin" },
    request: (ctx) => ({ url: `/api/admin/make-models/${ctx.makeModelId}` }),
  },
  {
    method: "PUT",
    route: "/api/admin/make-models/:id",
    access: { kind: "admin" },
    write: true,
    request: (ctx) => ({
      url: `/api/admin/make-models/${ctx.makeModelId}`,
      payload: { make: "Ford", model: unique("Model") },
    }),
  },
  {
    method: "DELETE",
    route: "/api/admin/make-models/:id",
    access: { kind: "admin" },
    request: async (ctx) => {
      const { rows } = await ctx.app.database.execute(
        "insert into make_models (make, model) values ($1, 'Doomed') returning id",
        [unique("Gone")],
      );
      return { url: `/api/admin/make-models/${rows[0].id}` };
    },
  },

  // Public catalog and mobile cars
  {
    method: "GET",
    route: "/api/make-models",
    access: { kind: "public" },
    request: () => ({ url: "/api/make-models" }),
  },
  {
    method: "GET",
    route: "/api/make-models/engine-types",
    access: { kind: "public" },
    request: () => ({ url: "/api/make-models/engine-types?make=Ford" }),
  },
  {
    method: "GET",
    route: "/api/mobile/cars/makes",
    access: { kind: "public" },
    request: () => ({ url: "/api/mobile/cars/makes" }),
  },
  {
    method: "GET",
    route: "/api/mobile/cars/makes/:make/models",
    access: { kind: "public" },
    request: () => ({ url: "/api/mobile/cars/makes/Ford/models" }),
  },
  {
    method: "GET",
    route: "/api/mobile/cars/makes/:make/engine-types",
    access: { kind: "public" },
    request: () => ({ url: "/api/mobile/cars/makes/Ford/engine-types?model=F-150" }),
  },

  // Client relations
  {
    method: "GET",
    route: "/api/client-relations",
    access: { kind: "clientManager" },
    request: () => ({ url: "/api/client-relations" }),
  },
  {
    method: "POST",
    route: "/api/client-relations/client-info/:id",
    access: { kind: "clientManager" },
    write: true,
    request: (ctx) => ({
      url: `/api/client-relations/client-info/${ctx.appA}`,
      payload: { contactName: "Dana Doe", notes: "ok" },
    }),
  },
  {
    method: "DELETE",
    route: "/api/client-relations/reports/:id",
    access: { kind: "clientManager" },
    request: async (ctx) => {
      const { rows } = await ctx.app.database.execute(
        "insert into client_reports (app_id, title) values ($1, 'Report') returning id",
        [ctx.appA],
      );
      return { url: `/api/client-relations/reports/${rows[0].id}` };
    },
  },

  // Icons, images, the widget's app, health
  {
    method: "GET",
    route: "/api/icon-categories",
    access: { kind: "public" },
    request: () => ({ url: "/api/icon-categories" }),
  },
  {
    method: "GET",
    route: "/api/icons/:category",
    access: { kind: "public" },
    request: () => ({ url: "/api/icons/Automotive" }),
  },
  {
    method: "GET",
    route: "/api/gallery/:x",
    access: { kind: "public" },
    request: () => ({ url: "/api/gallery/car" }),
  },
  {
    method: "GET",
    route: "/api/icon-files/:file",
    access: { kind: "public" },
    request: () => ({ url: "/api/icon-files/car.svg" }),
  },
  {
    method: "POST",
    route: "/api/images2",
    access: { kind: "signedIn" },
    write: true,
    request: (ctx) => ({ url: "/api/images2?mutations=resize:10,", ...imageBody(ctx.png) }),
  },
  {
    method: "GET",
    route: "/api/images/:key",
    access: { kind: "public" },
    request: async (ctx) => {
      const admin = ctx.personas.find((p) => p.name === "Admin")!.user!;
      const up = await ctx.app.inject({
        method: "POST",
        url: "/api/images2",
        ...imageBody(ctx.png),
        headers: { ...admin.headers, ...imageBody(ctx.png).headers },
      });
      return { url: up.json().data.url };
    },
  },
  {
    method: "GET",
    route: "/api/mobile/app",
    access: { kind: "public" },
    publishesApp: true,
    request: (ctx) => ({ url: "/api/mobile/app", headers: { "x-app": ctx.appA } }),
  },
  {
    method: "GET",
    route: "/api/health",
    access: { kind: "public" },
    request: () => ({ url: "/api/health" }),
  },

  // Redemptions and personalized specials (issue 12). Each call gets fresh offers and app users, so an
  // allowed persona's call succeeds whatever the personas before it did.
  {
    method: "GET",
    route: "/api/apps/:appId/coupons/:id/redemptions",
    access: { kind: "app", action: "redemptions.read" },
    request: async (ctx) => {
      const offerId = await insertOffer(ctx.app, { apps: [ctx.appA] });
      const u = await testEndUser(ctx.app, ctx.appA);
      await ctx.app.inject({
        method: "POST",
        url: `/api/mobile/users/${u.id}/redemptions`,
        headers: u.headers,
        payload: { offerId },
      });
      return { url: `/api/apps/${ctx.appA}/coupons/${offerId}/redemptions` };
    },
  },
  {
    method: "POST",
    route: "/api/apps/:appId/coupons/:id/redemptions",
    access: { kind: "app", action: "redemptions.record" },
    write: true,
    request: async (ctx) => {
      const offerId = await insertOffer(ctx.app, { apps: [ctx.appA] });
      const u = await testEndUser(ctx.app, ctx.appA);
      lastOffer.set(ctx, offerId);
      return { url: `/api/apps/${ctx.appA}/coupons/${offerId}/redemptions`, payload: { appUserId: u.id } };
    },
    check: (ctx, _p, status) => redemptionCheck(ctx, status === 200),
  },
  {
    method: "GET",
    route: "/api/apps/:appId/personalized-specials",
    access: { kind: "app", action: "coupons.read" },
    request: async (ctx) => {
      const offerId = await insertOffer(ctx.app, { apps: [ctx.appA], personalized: true });
      await assignOffer(ctx.app, ctx.appA, offerId, (await testEndUser(ctx.app, ctx.appA)).id);
      return { url: `/api/apps/${ctx.appA}/personalized-specials?offerId=${offerId}` };
    },
  },
  {
    method: "PUT",
    route: "/api/apps/:appId/personalized-specials",
    access: { kind: "app", action: "coupons.write" },
    write: true,
    request: async (ctx) => {
      const offerId = await insertOffer(ctx.app, { apps: [ctx.appA], personalized: true });
      const u = await testEndUser(ctx.app, ctx.appA);
      return { url: `/api/apps/${ctx.appA}/personalized-specials`, payload: { offerId, appUserIds: [u.id] } };
    },
  },
  {
    method: "POST",
    route: "/api/apps/:appId/personalized-specials/bulk",
    access: { kind: "app", action: "coupons.write" },
    write: true,
    request: async (ctx) => {
      const offerId = await insertOffer(ctx.app, { apps: [ctx.appA], personalized: true });
      const u = await testEndUser(ctx.app, ctx.appA);
      return {
        url: `/api/apps/${ctx.appA}/personalized-specials/bulk`,
        payload: { offerId, contacts: `${u.email}\nnobody@example.com` },
      };
    },
  },
  {
    method: "DELETE",
    route: "/api/apps/:appId/personalized-specials/:id",
    access: { kind: "app", action: "coupons.write" },
    request: async (ctx) => ({
      url: `/api/apps/${ctx.appA}/personalized-specials/${await freshSpecial(ctx)}`,
    }),
  },
  {
    method: "GET",
    route: "/api/apps/:appId/personalized-specials/:id/redemptions",
    access: { kind: "app", action: "redemptions.read" },
    request: async (ctx) => ({
      url: `/api/apps/${ctx.appA}/personalized-specials/${await freshSpecial(ctx)}/redemptions`,
    }),
  },
  {
    method: "POST",
    route: "/api/apps/:appId/personalized-specials/:id/redemptions",
    access: { kind: "app", action: "redemptions.record" },
    write: true,
    request: async (ctx) => ({
      url: `/api/apps/${ctx.appA}/personalized-specials/${await freshSpecial(ctx)}/redemptions`,
      payload: { locationId: "desk" },
    }),
    check: (ctx, _p, status) => redemptionCheck(ctx, status === 200),
  },

  // The widget's calls (X-App names the app). Sign-in and its codes, analytics, push and forms are open to
  // anyone; a profile and its vehicles only to that end user's own token in their own app.
  {
    method: "POST",
    route: "/api/mobile/users/auth/email-confirmation",
    access: { kind: "public" },
    write: true,
    request: (ctx) => ({
      url: "/api/mobile/users/auth/email-confirmation",
      headers: { "x-app": ctx.appA },
      payload: { email: `${unique("code")}@example.com` },
    }),
  },
  {
    method: "POST",
    route: "/api/mobile/users/auth/sms-confirmation",
    access: { kind: "public" },
    write: true,
    request: (ctx) => ({
      url: "/api/mobile/users/auth/sms-confirmation",
      headers: { "x-app": ctx.appA },
      payload: { phone: somePhone() },
    }),
  },
  {
    method: "POST",
    route: "/api/mobile/users/auth/sign-in",
    access: { kind: "public" },
    write: true,
    request: async (ctx) => {
      const email = `${unique("sign-in")}@example.com`;
      const sent = await ctx.app.inject({
        method: "POST",
        url: "/api/mobile/users/auth/email-confirmation",
        headers: { "x-app": ctx.appA },
        payload: { email },
        remoteAddress: someAddress(),
      });
      if (sent.statusCode !== 200) throw new Error(`no code sent: ${sent.body}`);
      const { rows } = await ctx.app.database.execute(
        'select text from mail_outbox where "to" = $1 order by created_at desc limit 1',
        [email],
      );
      const code = String(rows[0]?.text ?? "").match(/\b(\d{6})\b/)?.[1] ?? "";
      return {
        url: "/api/mobile/users/auth/sign-in",
        headers: { "x-app": ctx.appA },
        payload: { email, code, userId: randomUUID() },
      };
    },
  },
  {
    method: "DELETE",
    route: "/api/mobile/users/auth/sign-out/:userId",
    // Anyone may call it; it ends only the session of the token it carries, and only for that token's user.
    access: { kind: "public" },
    request: async (ctx, p): Promise<Request> => {
      const url = `/api/mobile/users/auth/sign-out/${ctx.endUser.id}`;
      if (p.name !== "end user") return { url, headers: { "x-app": ctx.appA } };
      // The end user signs out a session of their own, so the persona's main session survives.
      const token = await newEndUserSession(ctx.app, ctx.endUser.id);
      signOutTokens.set(ctx, token);
      return { url, headers: { "x-app": ctx.appA, authorization: `Bearer ${token}` }, auth: false };
    },
    check: async (ctx, p) => {
      if (!(await endUserTokenWorks(ctx, ctx.endUser.token)))
        return "the end user's own session ended: sign-out ended a session it does not carry";
      if (p.name === "end user" && (await endUserTokenWorks(ctx, signOutTokens.get(ctx)!)))
        return "the signed-out session still works";
      return undefined;
    },
  },
  {
    method: "GET",
    route: "/api/mobile/users/:userId",
    access: { kind: "endUser" },
    request: (ctx) => ({ url: `/api/mobile/users/${ctx.endUser.id}`, headers: { "x-app": ctx.appA } }),
  },
  {
    method: "PUT",
    route: "/api/mobile/users/:userId",
    access: { kind: "endUser" },
    write: true,
    request: async (ctx) => {
      endUserBefore.set(ctx, await endUserState(ctx));
      return {
        url: `/api/mobile/users/${ctx.endUser.id}`,
        headers: { "x-app": ctx.appA },
        payload: { name: `${ctx.endUserMarker} Person`, email: ctx.endUser.email, address: unique("Street") },
      };
    },
    check: async (ctx, p, status) => {
      const changed = (await endUserState(ctx)) !== endUserBefore.get(ctx);
      if (p.name !== "end user" && changed) return `changed the end user's profile (${status})`;
      if (p.name === "end user" && !changed) return "the end user's own save changed nothing";
      return undefined;
    },
  },
  {
    method: "PUT",
    route: "/api/mobile/users/:userId/vehicles",
    access: { kind: "endUser" },
    write: true,
    request: async (ctx) => {
      endUserBefore.set(ctx, await endUserState(ctx));
      return {
        url: `/api/mobile/users/${ctx.endUser.id}/vehicles`,
        headers: { "x-app": ctx.appA },
        payload: [{ unit: unique("unit"), make: "Ford", model: "F-150", year: 2020 }],
      };
    },
    check: async (ctx, p, status) => {
      const changed = (await endUserState(ctx)) !== endUserBefore.get(ctx);
      if (p.name !== "end user" && changed) return `changed the end user's vehicles (${status})`;
      if (p.name === "end user" && !changed) return "the end user's own save changed nothing";
      return undefined;
    },
  },
  {
    method: "POST",
    route: "/api/mobile/users/:userId/form-data",
    access: { kind: "public" },
    write: true,
    request: async (ctx) => {
      await ensureForm(ctx);
      return {
        url: `/api/mobile/users/${randomUUID()}/form-data`,
        headers: { "x-app": ctx.appA },
        payload: { featureId: FORM_FEATURE.id, values: { "Full name": "Dana Doe", Message: "Call me" } },
      };
    },
  },
  {
    method: "POST",
    route: "/api/mobile/analytics/events",
    access: { kind: "public" },
    write: true,
    request: (ctx) => ({
      url: "/api/mobile/analytics/events",
      headers: { "x-app": ctx.appA },
      payload: [
        {
          id: randomUUID(),
          time: new Date().toISOString(),
          appId: ctx.appA,
          platform: "Web",
          name: "page_view",
          data: { page: "home" },
        },
      ],
    }),
  },
  {
    method: "GET",
    route: "/api/mobile/app/push-notifications/vapid-public-key",
    access: { kind: "public" },
    request: () => ({ url: "/api/mobile/app/push-notifications/vapid-public-key" }),
  },
  {
    method: "POST",
    route: "/api/mobile/app/push-notifications/subscribe3",
    access: { kind: "public" },
    write: true,
    request: (ctx) => ({
      url: "/api/mobile/app/push-notifications/subscribe3",
      headers: { "x-app": ctx.appA },
      payload: { userId: randomUUID(), platform: "Web", token: unique("push-token") },
    }),
  },
  {
    method: "GET",
    route: "/api/mobile/users/:userId/offers",
    access: { kind: "endUser" },
    request: (ctx) => ({ url: `/api/mobile/users/${ctx.endUser.id}/offers`, headers: { "x-app": ctx.appA } }),
  },
  {
    method: "POST",
    route: "/api/mobile/users/:userId/redemptions",
    access: { kind: "endUser" },
    write: true,
    request: async (ctx) => {
      const offerId = await insertOffer(ctx.app, { apps: [ctx.appA] });
      lastOffer.set(ctx, offerId);
      return {
        url: `/api/mobile/users/${ctx.endUser.id}/redemptions`,
        headers: { "x-app": ctx.appA },
        payload: { offerId },
      };
    },
    check: (ctx, p, status) => redemptionCheck(ctx, p.name === "end user" && status === 200),
  },

  // Push notifications (issue 13): each call that changes one gets a fresh push, an hour ahead (the 10-minute
  // rule lets it be edited), made by the Admin.
  ...((): Endpoint[] => {
    const asAdmin = (ctx: Ctx) => ctx.personas.find((p) => p.name === "Admin")!.user!.headers;
    const body = (ctx: Ctx, message: string) => ({
      apps: [ctx.appA],
      message: `${ctx.markers.A} ${message}`,
      scheduleTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const fresh = async (ctx: Ctx): Promise<string> => {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/apps/${ctx.appA}/push-notifications`,
        headers: asAdmin(ctx),
        payload: body(ctx, "push fixture"),
      });
      if (res.statusCode !== 201) throw new Error(`push fixture not created: ${res.body}`);
      return res.json().data.id;
    };
    const clearPushes = (ctx: Ctx) =>
      ctx.app.database.execute("delete from push_notifications where owner_app_id = $1", [ctx.appA]);
    const read = { kind: "app", action: "pushes.read" } as const;
    const send = { kind: "app", action: "pushes.send" } as const;
    const base = "/api/apps/:appId/push-notifications";
    return [
      {
        method: "GET",
        route: base,
        access: read,
        request: async (ctx) => {
          await clearPushes(ctx);
          await fresh(ctx);
          return { url: `/api/apps/${ctx.appA}/push-notifications` };
        },
      },
      {
        method: "GET",
        route: `${base}/:pushId`,
        access: read,
        request: async (ctx) => ({ url: `/api/apps/${ctx.appA}/push-notifications/${await fresh(ctx)}` }),
      },
      {
        method: "GET",
        route: `${base}/:pushId/occurrences`,
        access: read,
        request: async (ctx) => ({
          url: `/api/apps/${ctx.appA}/push-notifications/${await fresh(ctx)}/occurrences`,
        }),
      },
      {
        method: "POST",
        route: base,
        access: send,
        write: true,
        success: 201,
        request: async (ctx) => {
          await clearPushes(ctx);
          return { url: `/api/apps/${ctx.appA}/push-notifications`, payload: body(ctx, "posted push") };
        },
      },
      {
        method: "POST",
        route: `${base}/audience-count`,
        access: send,
        write: true,
        request: (ctx) => ({
          url: `/api/apps/${ctx.appA}/push-notifications/audience-count`,
          payload: { authenticated: true, make: "Honda" },
        }),
      },
      {
        method: "GET",
        route: `${base}/audience-choices`,
        access: send,
        request: (ctx) => ({ url: `/api/apps/${ctx.appA}/push-notifications/audience-choices` }),
      },
      {
        method: "PUT",
        route: `${base}/:pushId`,
        access: send,
        write: true,
        request: async (ctx) => ({
          url: `/api/apps/${ctx.appA}/push-notifications/${await fresh(ctx)}`,
          payload: body(ctx, "replaced push"),
        }),
      },
      {
        method: "DELETE",
        route: `${base}/:pushId`,
        access: send,
        request: async (ctx) => ({ url: `/api/apps/${ctx.appA}/push-notifications/${await fresh(ctx)}` }),
      },
    ];
  })(),

  // Geofences (issue 13): each call that changes one gets a fresh geofence of app A, made by the Admin; the
  // calls that add one first clear app A's, so the fuzzing does not pile them up.
  ...((): Endpoint[] => {
    const asAdmin = (ctx: Ctx) => ctx.personas.find((p) => p.name === "Admin")!.user!.headers;
    const body = (ctx: Ctx, name: string) => ({
      name: `${ctx.markers.A} ${name}`,
      message: `${ctx.markers.A} welcome to the lot`,
      shape: "circle",
      location: { lat: 40.7128, lng: -74.006, radius: 1, radiusUnit: "km" },
      apps: [ctx.appA],
    });
    const clearGeofences = (ctx: Ctx) =>
      ctx.app.database.execute("delete from geofences where owner_app_id = $1", [ctx.appA]);
    const fresh = async (ctx: Ctx): Promise<string> => {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/apps/${ctx.appA}/geofences`,
        headers: asAdmin(ctx),
        payload: body(ctx, "geofence fixture"),
      });
      if (res.statusCode !== 201) throw new Error(`geofence fixture not created: ${res.body}`);
      return res.json().data.id;
    };
    const read = { kind: "app", action: "geofences.read" } as const;
    const write = { kind: "app", action: "geofences.write" } as const;
    const base = "/api/apps/:appId/geofences";
    const url = (ctx: Ctx, rest = "") => `/api/apps/${ctx.appA}/geofences${rest}`;
    return [
      {
        method: "GET",
        route: base,
        access: read,
        request: async (ctx) => {
          await clearGeofences(ctx);
          await fresh(ctx);
          return { url: url(ctx) };
        },
      },
      {
        method: "GET",
        route: `${base}/:geofenceId`,
        access: read,
        request: async (ctx) => ({ url: url(ctx, `/${await fresh(ctx)}`) }),
      },
      {
        method: "POST",
        route: base,
        access: write,
        write: true,
        success: 201,
        request: async (ctx) => {
          await clearGeofences(ctx);
          return { url: url(ctx), payload: body(ctx, "posted geofence") };
        },
      },
      {
        method: "PUT",
        route: `${base}/:geofenceId`,
        access: write,
        write: true,
        request: async (ctx) => ({
          url: url(ctx, `/${await fresh(ctx)}`),
          payload: body(ctx, "replaced geofence"),
        }),
      },
      {
        method: "DELETE",
        route: `${base}/:geofenceId`,
        access: write,
        request: async (ctx) => ({ url: url(ctx, `/${await fresh(ctx)}`) }),
      },
      {
        method: "PUT",
        route: `${base}/order`,
        access: write,
        write: true,
        request: async (ctx) => {
          await clearGeofences(ctx);
          const ids = [await fresh(ctx), await fresh(ctx)];
          return { url: url(ctx, "/order"), payload: { order: ids.reverse() } };
        },
      },
      {
        method: "PUT",
        route: "/api/apps/:appId/analytics/events/geofence/:geofenceId/complete",
        access: write,
        write: true,
        request: async (ctx) => ({
          url: `/api/apps/${ctx.appA}/analytics/events/geofence/${await fresh(ctx)}/complete`,
          payload: { userId: ctx.endUser.id },
        }),
      },
    ];
  })(),

  // Push subscriptions and the widget's push categories (issue 13)
  {
    method: "GET",
    route: "/api/apps/:appId/push-subscriptions",
    access: { kind: "app", action: "pushSubscriptions.read" },
    request: (ctx) => ({ url: `/api/apps/${ctx.appA}/push-subscriptions?skip=0&take=50&platform=Web` }),
  },
  {
    method: "GET",
    route: "/api/apps/:appId/push-subscriptions/csv",
    access: { kind: "app", action: "pushSubscriptions.read" },
    request: (ctx) => ({ url: `/api/apps/${ctx.appA}/push-subscriptions/csv?platform=Web` }),
  },
  {
    method: "GET",
    route: "/api/mobile/app/push-notifications/categories",
    access: { kind: "public" },
    request: (ctx) => ({
      url: "/api/mobile/app/push-notifications/categories",
      headers: { "x-app": ctx.appA },
    }),
  },

  // The widget's inbox and geofence entries (issue 13)
  {
    method: "GET",
    route: "/api/mobile/users/:userId/notifications",
    access: { kind: "endUser" },
    request: (ctx) => ({
      url: `/api/mobile/users/${ctx.endUser.id}/notifications`,
      headers: { "x-app": ctx.appA },
    }),
  },
  {
    method: "PUT",
    route: "/api/mobile/users/:userId/notifications/:notificationId/opened",
    access: { kind: "endUser" },
    request: async (ctx) => ({
      url: `/api/mobile/users/${ctx.endUser.id}/notifications/${await inboxEntry(ctx, ctx.endUser.id)}/opened`,
      headers: { "x-app": ctx.appA },
    }),
  },
  {
    method: "PUT",
    route: "/api/mobile/users/:userId/notifications/read",
    access: { kind: "endUser" },
    request: (ctx) => ({
      url: `/api/mobile/users/${ctx.endUser.id}/notifications/read`,
      headers: { "x-app": ctx.appA },
    }),
  },
  {
    method: "POST",
    route: "/api/mobile/users/:userId/notifications/:notificationId/delivered",
    access: { kind: "public" },
    request: async (ctx) => {
      const userId = randomUUID();
      return {
        url: `/api/mobile/users/${userId}/notifications/${await inboxEntry(ctx, userId)}/delivered`,
        headers: { "x-app": ctx.appA },
      };
    },
  },
  {
    method: "POST",
    route: "/api/mobile/geofences/:geofenceId/enter",
    access: { kind: "endUser" },
    write: true,
    request: async (ctx) => {
      const { rows } = await ctx.app.database.execute(
        `insert into geofences (owner_app_id, name, message, lat, lng, radius)
         values ($1, 'Matrix fence', 'Welcome to the matrix', 40, -75, 1) returning id`,
        [ctx.appA],
      );
      const geofenceId = (rows[0] as { id: string }).id;
      await ctx.app.database.execute("insert into geofence_apps (geofence_id, app_id) values ($1, $2)", [
        geofenceId,
        ctx.appA,
      ]);
      return {
        url: `/api/mobile/geofences/${geofenceId}/enter`,
        headers: { "x-app": ctx.appA },
        payload: { userId: ctx.endUser.id, lat: 40.001, lng: -75.001 },
      };
    },
  },

  // Dealer data: inventory, repair orders, deals, service contracts, imports, glovebox documents, integration
  // keys and the integration API, and the widget's inventory and own records (issue 16, HD).
  ...((): Endpoint[] => {
    const read = { kind: "app", action: "dealerData.read" } as const;
    const write = { kind: "app", action: "dealerData.write" } as const;
    const keys = { kind: "app", action: "integrationKeys.manage" } as const;
    const rows: Endpoint[] = [];
    for (const kind of ["inventory", "repair-orders", "deals", "service-contracts"] as const) {
      const base = `/api/apps/:appId/${kind}`;
      rows.push(
        {
          method: "GET",
          route: base,
          access: read,
          request: (ctx) => ({ url: `/api/apps/${ctx.appA}/${kind}` }),
        },
        {
          method: "GET",
          route: `${base}/:id`,
          access: read,
          request: async (ctx) => ({
            url: `/api/apps/${ctx.appA}/${kind}/${await fixtureDealerRecord(ctx.app, ctx.appA, kind)}`,
          }),
        },
        {
          method: "DELETE",
          route: `${base}/:id`,
          access: write,
          request: async (ctx) => ({
            url: `/api/apps/${ctx.appA}/${kind}/${await fixtureDealerRecord(ctx.app, ctx.appA, kind)}`,
          }),
        },
      );
    }
    const integrationKey = new WeakMap<Ctx, string>();
    const keyOf = async (ctx: Ctx) => {
      let key = integrationKey.get(ctx);
      if (!key) {
        key = await fixtureIntegrationKey(ctx.app, ctx.appA);
        integrationKey.set(ctx, key);
      }
      return key;
    };
    rows.push(
      {
        method: "POST",
        route: "/api/apps/:appId/analytics/inventory/report",
        access: { kind: "app", action: "analytics.read" },
        request: (ctx) => ({ url: `/api/apps/${ctx.appA}/analytics/inventory/report`, payload: {} }),
      },
      {
        method: "POST",
        route: "/api/apps/:appId/inventory/search",
        access: read,
        request: (ctx) => ({ url: `/api/apps/${ctx.appA}/inventory/search`, payload: { priceTo: 50000 } }),
      },
      {
        method: "POST",
        route: "/api/apps/:appId/dealer-data/:kind/csv",
        access: write,
        success: 202,
        request: (ctx) => ({
          url: `/api/apps/${ctx.appA}/dealer-data/inventory/csv`,
          ...csv(`VIN,Make,Price\r\n${randomVin()},Ford,21000\r\n`),
        }),
      },
      {
        method: "GET",
        route: "/api/apps/:appId/dealer-data/:kind/csv",
        access: read,
        request: (ctx) => ({ url: `/api/apps/${ctx.appA}/dealer-data/deals/csv` }),
      },
      {
        method: "GET",
        route: "/api/apps/:appId/dealer-data/imports",
        access: read,
        request: (ctx) => ({ url: `/api/apps/${ctx.appA}/dealer-data/imports` }),
      },
      {
        method: "GET",
        route: "/api/apps/:appId/app-users/:userId/documents",
        access: read,
        request: (ctx) => ({ url: `/api/apps/${ctx.appA}/app-users/${ctx.endUser.id}/documents` }),
      },
      {
        method: "POST",
        route: "/api/apps/:appId/app-users/:userId/documents",
        access: write,
        request: (ctx) => ({
          url: `/api/apps/${ctx.appA}/app-users/${ctx.endUser.id}/documents?kind=warranty`,
          ...imageBody(ctx.png),
        }),
      },
      {
        method: "DELETE",
        route: "/api/apps/:appId/documents/:id",
        access: write,
        request: async (ctx) => ({
          url: `/api/apps/${ctx.appA}/documents/${await fixtureDocument(ctx.app, ctx.appA, ctx.endUser.id, ctx.png)}`,
        }),
      },
      {
        method: "GET",
        route: "/api/apps/:appId/integration-keys",
        access: keys,
        request: (ctx) => ({ url: `/api/apps/${ctx.appA}/integration-keys` }),
      },
      {
        method: "POST",
        route: "/api/apps/:appId/integration-keys",
        access: keys,
        write: true,
        request: (ctx) => ({
          url: `/api/apps/${ctx.appA}/integration-keys`,
          payload: { name: "Matrix DMS" },
        }),
      },
      {
        method: "DELETE",
        route: "/api/apps/:appId/integration-keys/:id",
        access: keys,
        request: async (ctx) => {
          await fixtureIntegrationKey(ctx.app, ctx.appA);
          const { rows: found } = await ctx.app.database.execute(
            "select id from dealer_integration_keys where app_id = $1 and revoked_at is null and name = 'Fixture' order by created_at desc limit 1",
            [ctx.appA],
          );
          return { url: `/api/apps/${ctx.appA}/integration-keys/${found[0].id}` };
        },
      },
      // The integration API's credential is the key, not the persona: every persona sends a live key of app A.
      {
        method: "POST",
        route: "/api/integration/:kind",
        access: { kind: "public" },
        request: async (ctx) => ({
          url: "/api/integration/inventory",
          auth: false,
          headers: { "x-integration-key": await keyOf(ctx) },
          payload: { records: [{ vin: randomVin(), make: "Ford", price: 21000 }] },
        }),
      },
      {
        method: "GET",
        route: "/api/integration/tasks/:taskId",
        access: { kind: "public" },
        request: async (ctx) => {
          const key = await keyOf(ctx);
          const res = await ctx.app.inject({
            method: "POST",
            url: "/api/integration/service-contracts",
            headers: { "x-integration-key": key },
            payload: {
              records: Array.from({ length: 501 }, (_, i) => ({
                contractNumber: `M-${randomVin()}-${i}`,
                product: "Plan",
              })),
            },
          });
          return {
            url: `/api/integration/tasks/${res.json().data.taskId}`,
            auth: false,
            headers: { "x-integration-key": key },
          };
        },
      },
      {
        method: "POST",
        route: "/api/mobile/inventory/search",
        access: { kind: "public" },
        request: (ctx) => ({
          url: "/api/mobile/inventory/search",
          headers: { "x-app": ctx.appA },
          payload: {},
        }),
      },
      {
        method: "POST",
        route: "/api/mobile/inventory/:id/leads",
        access: { kind: "public" },
        request: async (ctx) => ({
          url: `/api/mobile/inventory/${await fixtureDealerRecord(ctx.app, ctx.appA, "inventory")}/leads`,
          headers: { "x-app": ctx.appA },
          payload: { name: "Matrix Buyer", email: "buyer@example.com" },
        }),
      },
      {
        method: "GET",
        route: "/api/mobile/inventory/:id",
        access: { kind: "public" },
        request: async (ctx) => ({
          url: `/api/mobile/inventory/${await fixtureDealerRecord(ctx.app, ctx.appA, "inventory")}`,
          headers: { "x-app": ctx.appA },
        }),
      },
    );
    for (const tail of ["repair-orders", "deals", "service-contracts", "documents", "inventory-favorites"])
      rows.push({
        method: "GET",
        route: `/api/mobile/users/:userId/${tail}`,
        access: { kind: "endUser" },
        request: (ctx) => ({
          url: `/api/mobile/users/${ctx.endUser.id}/${tail}`,
          headers: { "x-app": ctx.appA },
        }),
      });
    rows.push(
      {
        method: "POST",
        route: "/api/mobile/users/:userId/documents",
        access: { kind: "endUser" },
        request: (ctx) => {
          const body = imageBody(ctx.png);
          return {
            url: `/api/mobile/users/${ctx.endUser.id}/documents?kind=insurance`,
            payload: body.payload,
            headers: { ...body.headers, "x-app": ctx.appA },
          };
        },
      },
      {
        method: "GET",
        route: "/api/mobile/users/:userId/documents/:id/file",
        access: { kind: "endUser" },
        request: async (ctx) => ({
          url: `/api/mobile/users/${ctx.endUser.id}/documents/${await fixtureDocument(ctx.app, ctx.appA, ctx.endUser.id, ctx.png)}/file`,
          headers: { "x-app": ctx.appA },
        }),
      },
      {
        method: "PUT",
        route: "/api/mobile/users/:userId/inventory-favorites/:vehicleId",
        access: { kind: "endUser" },
        request: async (ctx) => ({
          url: `/api/mobile/users/${ctx.endUser.id}/inventory-favorites/${await fixtureDealerRecord(ctx.app, ctx.appA, "inventory")}`,
          headers: { "x-app": ctx.appA },
        }),
      },
      {
        method: "DELETE",
        route: "/api/mobile/users/:userId/inventory-favorites/:vehicleId",
        access: { kind: "endUser" },
        request: async (ctx) => ({
          url: `/api/mobile/users/${ctx.endUser.id}/inventory-favorites/${await fixtureDealerRecord(ctx.app, ctx.appA, "inventory")}`,
          headers: { "x-app": ctx.appA },
        }),
      },
    );
    return rows;
  })(),

  // Customer portal (issue 17, HE): an offer's 'Please Provide Your Information' lead (anyone with X-App) and
  // Send Offer (the signed-in end user only), each on a fresh coupon of app A.
  {
    method: "POST",
    route: "/api/mobile/offers/:offerId/leads",
    access: { kind: "public" },
    write: true,
    request: async (ctx) => ({
      url: `/api/mobile/offers/${await insertOffer(ctx.app, { apps: [ctx.appA] })}/leads`,
      headers: { "x-app": ctx.appA },
      payload: { name: "Matrix Lead", phone: "+15551234567", email: "lead@example.com" },
    }),
  },
  {
    method: "POST",
    route: "/api/mobile/users/:userId/offers/:offerId/send",
    access: { kind: "endUser" },
    write: true,
    request: async (ctx) => ({
      url: `/api/mobile/users/${ctx.endUser.id}/offers/${await insertOffer(ctx.app, { apps: [ctx.appA] })}/send`,
      headers: { "x-app": ctx.appA },
      payload: { channel: "email", to: `${unique("send")}@example.com` },
    }),
  },
  // Save Offer kept on the server for the signed-in end user (issue 17): their own list only.
  {
    method: "GET",
    route: "/api/mobile/users/:userId/saved-offers",
    access: { kind: "endUser" },
    request: (ctx) => ({
      url: `/api/mobile/users/${ctx.endUser.id}/saved-offers`,
      headers: { "x-app": ctx.appA },
    }),
  },
  {
    method: "PUT",
    route: "/api/mobile/users/:userId/saved-offers/:offerId",
    access: { kind: "endUser" },
    write: true,
    request: async (ctx) => ({
      url: `/api/mobile/users/${ctx.endUser.id}/saved-offers/${await insertOffer(ctx.app, { apps: [ctx.appA] })}`,
      headers: { "x-app": ctx.appA },
    }),
  },
  {
    method: "DELETE",
    route: "/api/mobile/users/:userId/saved-offers/:offerId",
    access: { kind: "endUser" },
    write: true,
    request: async (ctx) => ({
      url: `/api/mobile/users/${ctx.endUser.id}/saved-offers/${await insertOffer(ctx.app, { apps: [ctx.appA] })}`,
      headers: { "x-app": ctx.appA },
    }),
  },

  // Staff members, their tally, the CSV import task and the widget's directory and advisor (issue 14, H7).
  // Each call that changes a member gets a fresh one of app A.
  ...((): Endpoint[] => {
    const read = { kind: "app", action: "staff.read" } as const;
    const manage = { kind: "app", action: "staff.manage" } as const;
    const base = "/api/apps/:appId/staff-members";
    const url = (ctx: Ctx, tail = "") => `/api/apps/${ctx.appA}/staff-members${tail}`;
    const fresh = async (ctx: Ctx): Promise<string> => {
      const { rows } = await ctx.app.database.execute(
        "insert into staff_members (app_id, name, title) values ($1, $2, 'Service advisor') returning id",
        [ctx.appA, unique("Matrix Member")],
      );
      return (rows[0] as { id: string }).id;
    };
    const member = { name: "Rosa Matrix", title: "Service advisor", email: "rosa.matrix@example.com" };
    return [
      { method: "GET", route: base, access: read, request: (ctx) => ({ url: url(ctx) }) },
      {
        method: "POST",
        route: base,
        access: manage,
        write: true,
        request: (ctx) => ({ url: url(ctx), payload: member }),
      },
      {
        method: "POST",
        route: `${base}/bulk`,
        access: manage,
        write: true,
        request: (ctx) => ({ url: url(ctx, "/bulk"), payload: [member, { name: "Sam Matrix" }] }),
      },
      {
        method: "POST",
        route: `${base}/csv`,
        access: manage,
        success: 202,
        request: (ctx) => ({ url: url(ctx, "/csv"), ...csv("Name,Title\r\nAda Import,Cashier\r\n") }),
      },
      { method: "GET", route: `${base}/csv`, access: read, request: (ctx) => ({ url: url(ctx, "/csv") }) },
      {
        method: "GET",
        route: `${base}/tally`,
        access: read,
        request: (ctx) => ({
          url: url(ctx, "/tally?from=2026-01-01T00:00:00.000Z&to=2026-12-31T00:00:00.000Z"),
        }),
      },
      {
        method: "GET",
        route: `${base}/tally-notification`,
        access: read,
        request: (ctx) => ({ url: url(ctx, "/tally-notification") }),
      },
      {
        method: "PUT",
        route: `${base}/tally-notification`,
        access: manage,
        write: true,
        request: (ctx) => ({
          url: url(ctx, "/tally-notification"),
          payload: { recipients: ["tally@example.com"], frequency: "weekly", enabled: true },
        }),
      },
      {
        method: "GET",
        route: `${base}/:id`,
        access: read,
        request: async (ctx) => ({ url: url(ctx, `/${await fresh(ctx)}`) }),
      },
      {
        method: "PUT",
        route: `${base}/:id`,
        access: manage,
        write: true,
        request: async (ctx) => ({ url: url(ctx, `/${await fresh(ctx)}`), payload: member }),
      },
      {
        method: "PUT",
        route: `${base}/:id/toggle-default`,
        access: manage,
        request: async (ctx) => ({ url: url(ctx, `/${await fresh(ctx)}/toggle-default`) }),
      },
      {
        method: "DELETE",
        route: `${base}/:id`,
        access: manage,
        request: async (ctx) => ({ url: url(ctx, `/${await fresh(ctx)}`) }),
      },
      {
        method: "GET",
        route: "/api/public/apps/:appId/tasks/:taskId",
        access: { kind: "app", action: "tasks.read" },
        request: async (ctx) => {
          const { rows } = await ctx.app.database.execute(
            "insert into tasks (app_id, type, status, total) values ($1, 'staff-import', 'done', 1) returning id",
            [ctx.appA],
          );
          return {
            url: `/api/public/apps/${ctx.appA}/tasks/${(rows[0] as { id: string }).id}?taskType=staff-import`,
          };
        },
      },
      {
        method: "GET",
        route: "/api/mobile/app/staff-directory",
        access: { kind: "public" },
        publishesApp: true,
        request: (ctx) => ({ url: "/api/mobile/app/staff-directory", headers: { "x-app": ctx.appA } }),
      },
      {
        method: "PUT",
        route: "/api/mobile/users/:userId/advisor",
        access: { kind: "endUser" },
        write: true,
        request: async (ctx) => ({
          url: `/api/mobile/users/${ctx.endUser.id}/advisor`,
          headers: { "x-app": ctx.appA },
          payload: { staffMemberId: await fresh(ctx) },
        }),
      },
    ];
  })(),

  // Stamp cards, the points ledger and the app-user lookup (issue 12)
  {
    method: "POST",
    route: "/api/apps/:appId/loyalty-stamps",
    access: { kind: "app", action: "loyalty.stamp" },
    write: true,
    request: async (ctx) => {
      await ensureLoyaltyFeature(ctx.app, ctx.appA);
      const u = await testEndUser(ctx.app, ctx.appA);
      return {
        url: `/api/apps/${ctx.appA}/loyalty-stamps`,
        payload: { appUserId: u.id, featureId: FIXTURE_LOYALTY_FEATURE.id },
      };
    },
  },
  {
    method: "GET",
    route: "/api/apps/:appId/loyalty-stamps",
    access: { kind: "app", action: "loyalty.stamp" },
    request: (ctx) => ({ url: `/api/apps/${ctx.appA}/loyalty-stamps?appUserId=${ctx.endUser.id}` }),
  },
  {
    method: "GET",
    route: "/api/apps/:appId/loyalty-cards",
    access: { kind: "app", action: "loyalty.stamp" },
    request: (ctx) => ({ url: `/api/apps/${ctx.appA}/loyalty-cards?appUserId=${ctx.endUser.id}` }),
  },
  {
    method: "GET",
    route: "/api/apps/:appId/points-program",
    access: { kind: "app", action: "points.read" },
    request: (ctx) => ({ url: `/api/apps/${ctx.appA}/points-program` }),
  },
  {
    method: "PUT",
    route: "/api/apps/:appId/points-program",
    access: { kind: "app", action: "loyalty.manage" },
    write: true,
    request: (ctx) => ({
      url: `/api/apps/${ctx.appA}/points-program`,
      payload: {
        enabled: true,
        conversionRate: 1,
        expiryDays: 365,
        dailyCap: 100000,
        milestones: [{ id: randomUUID(), points: 1000, title: "Silver member" }],
        rewards: [{ id: randomUUID(), title: "Free oil change", points: 500 }],
      },
    }),
  },
  {
    method: "GET",
    route: "/api/apps/:appId/points",
    access: { kind: "app", action: "points.read" },
    request: (ctx) => ({ url: `/api/apps/${ctx.appA}/points?appUserId=${ctx.endUser.id}` }),
  },
  {
    method: "POST",
    route: "/api/apps/:appId/points/earn",
    access: { kind: "app", action: "points.write" },
    write: true,
    request: async (ctx) => {
      await enablePoints(ctx.app, ctx.appA);
      const u = await testEndUser(ctx.app, ctx.appA);
      return { url: `/api/apps/${ctx.appA}/points/earn`, payload: { appUserId: u.id, amount: 25 } };
    },
  },
  {
    method: "POST",
    route: "/api/apps/:appId/points/spend",
    access: { kind: "app", action: "points.write" },
    write: true,
    request: async (ctx) => {
      await enablePoints(ctx.app, ctx.appA);
      const u = await testEndUser(ctx.app, ctx.appA);
      await givePoints(ctx.app, ctx.appA, u.id, 10);
      return { url: `/api/apps/${ctx.appA}/points/spend`, payload: { appUserId: u.id, amount: 5 } };
    },
  },
  {
    method: "POST",
    route: "/api/apps/:appId/users/search",
    access: { kind: "app", action: "appUsers.read" },
    write: true,
    request: async (ctx) => {
      const email = `${unique("lookup")}@example.com`;
      await testEndUser(ctx.app, ctx.appA, { email });
      return { url: `/api/apps/${ctx.appA}/users/search`, payload: { query: email.split("@")[0] } };
    },
  },

  // Customers, leads, form data, e-mail subscriptions and insights (issue 14, H6): each call that reads or
  // changes one row gets a fresh row of app A (a fresh end user, never the profile the end-user rows guard).
  ...((): Endpoint[] => {
    const appUser = async (ctx: Ctx) =>
      (await testEndUser(ctx.app, ctx.appA, { name: "Matrix Customer" })).id;
    const formRow = async (ctx: Ctx): Promise<string> => {
      const { rows } = await ctx.app.database.execute(
        `insert into form_data (app_id, feature_id, title, values) values ($1, $2, 'Service request', $3::jsonb)
         returning id`,
        [ctx.appA, FORM_FEATURE.id, JSON.stringify({ "Full name": "Matrix Lead", Message: "Call me" })],
      );
      return rows[0].id as string;
    };
    const lead = async (ctx: Ctx): Promise<string> => {
      const formDataId = await formRow(ctx);
      const { rows } = await ctx.app.database.execute(
        `insert into leads (app_id, source, form_data_id, name, comments) values ($1, 'form', $2, 'Matrix Lead',
         'Call me') returning id`,
        [ctx.appA, formDataId],
      );
      return rows[0].id as string;
    };
    const subscription = async (ctx: Ctx): Promise<string> => {
      const { rows } = await ctx.app.database.execute(
        "insert into email_subscriptions (app_id, email, insights_report) values ($1, $2, true) returning id",
        [ctx.appA, `${unique("insights")}@example.com`],
      );
      return rows[0].id as string;
    };
    const app = (action: keyof typeof documented) => ({ kind: "app", action }) as const;
    const base = "/api/apps/:appId";
    return [
      {
        method: "GET",
        route: `${base}/users/:userId`,
        access: app("appUsers.read"),
        request: async (ctx) => ({ url: `/api/apps/${ctx.appA}/users/${await appUser(ctx)}` }),
      },
      {
        method: "PUT",
        route: `${base}/users/:userId`,
        access: app("appUsers.edit"),
        write: true,
        request: async (ctx) => ({
          url: `/api/apps/${ctx.appA}/users/${await appUser(ctx)}`,
          payload: { name: "Matrix Renamed", email: `${unique("renamed")}@example.com` },
        }),
      },
      {
        method: "PUT",
        route: `${base}/users/:userId/vehicles`,
        access: app("appUsers.edit"),
        write: true,
        request: async (ctx) => ({
          url: `/api/apps/${ctx.appA}/users/${await appUser(ctx)}/vehicles`,
          payload: [{ make: "Ford", model: "F-150", year: 2020 }],
        }),
      },
      {
        method: "GET",
        route: `${base}/leads`,
        access: app("leads.read"),
        request: async (ctx) => {
          await lead(ctx);
          return { url: `/api/apps/${ctx.appA}/leads?take=5` };
        },
      },
      {
        method: "GET",
        route: `${base}/leads/csv`,
        access: app("leads.read"),
        request: (ctx) => ({ url: `/api/apps/${ctx.appA}/leads/csv` }),
      },
      {
        method: "GET",
        route: `${base}/leads/:leadId`,
        access: app("leads.read"),
        request: async (ctx) => ({ url: `/api/apps/${ctx.appA}/leads/${await lead(ctx)}` }),
      },
      {
        method: "DELETE",
        route: `${base}/leads/:leadId`,
        access: app("leads.delete"),
        request: async (ctx) => ({ url: `/api/apps/${ctx.appA}/leads/${await lead(ctx)}` }),
      },
      {
        method: "GET",
        route: `${base}/form-data`,
        access: app("formData.read"),
        request: async (ctx) => {
          await formRow(ctx);
          return { url: `/api/apps/${ctx.appA}/form-data?take=5` };
        },
      },
      {
        method: "GET",
        route: `${base}/form-data/csv`,
        access: app("formData.read"),
        request: (ctx) => ({ url: `/api/apps/${ctx.appA}/form-data/csv?featureId=${FORM_FEATURE.id}` }),
      },
      {
        method: "GET",
        route: `${base}/form-data/:id`,
        access: app("formData.read"),
        request: async (ctx) => ({ url: `/api/apps/${ctx.appA}/form-data/${await formRow(ctx)}` }),
      },
      {
        method: "DELETE",
        route: `${base}/form-data/:id`,
        access: app("leads.delete"),
        request: async (ctx) => ({ url: `/api/apps/${ctx.appA}/form-data/${await formRow(ctx)}` }),
      },
      {
        method: "GET",
        route: `${base}/email-subscriptions`,
        access: app("emailSubscriptions.manage"),
        request: async (ctx) => {
          await subscription(ctx);
          return { url: `/api/apps/${ctx.appA}/email-subscriptions` };
        },
      },
      {
        method: "PUT",
        route: `${base}/email-subscriptions`,
        access: app("emailSubscriptions.manage"),
        write: true,
        request: (ctx) => ({
          url: `/api/apps/${ctx.appA}/email-subscriptions`,
          payload: { email: `${unique("weekly")}@example.com`, insightsReport: true },
        }),
      },
      {
        method: "DELETE",
        route: `${base}/email-subscriptions/:id`,
        access: app("emailSubscriptions.manage"),
        request: async (ctx) => ({
          url: `/api/apps/${ctx.appA}/email-subscriptions/${await subscription(ctx)}`,
        }),
      },
      {
        method: "POST",
        route: `${base}/analytics/insights`,
        access: app("analytics.read"),
        write: true,
        request: (ctx) => ({
          url: `/api/apps/${ctx.appA}/analytics/insights`,
          payload: { email: `${unique("now")}@example.com` },
        }),
      },
    ];
  })(),
  // Analytics dashboards (issue 15).
  {
    method: "GET",
    route: "/api/apps/:appId/analytics/:type",
    access: { kind: "app", action: "analytics.read" },
    request: (ctx) => ({ url: `/api/apps/${ctx.appA}/analytics/overview?tz=UTC` }),
  },
  {
    method: "GET",
    route: "/api/mobile/users/:userId/loyalty-cards",
    access: { kind: "endUser" },
    request: (ctx) => ({
      url: `/api/mobile/users/${ctx.endUser.id}/loyalty-cards`,
      headers: { "x-app": ctx.appA },
    }),
  },
  {
    method: "POST",
    route: "/api/mobile/users/:userId/loyalty-stamps",
    access: { kind: "endUser" },
    write: true,
    request: async (ctx) => {
      await ensureLoyaltyFeature(ctx.app, ctx.appA);
      return {
        url: `/api/mobile/users/${ctx.endUser.id}/loyalty-stamps`,
        headers: { "x-app": ctx.appA },
        payload: { featureId: FIXTURE_LOYALTY_FEATURE.id, code: FIXTURE_LOYALTY_FEATURE.code },
      };
    },
  },
  {
    method: "GET",
    route: "/api/mobile/users/:userId/points",
    access: { kind: "endUser" },
    request: (ctx) => ({ url: `/api/mobile/users/${ctx.endUser.id}/points`, headers: { "x-app": ctx.appA } }),
  },
];

/** The offer of the last redemption row's request; its redemptions must match what the call answered. */
const lastOffer = new WeakMap<Ctx, string>();
async function redemptionCheck(ctx: Ctx, recorded: boolean): Promise<string | undefined> {
  const { rows } = await ctx.app.database.execute(
    "select count(*)::int as n from redemptions where offer_id = $1",
    [lastOffer.get(ctx)],
  );
  const want = recorded ? 1 : 0;
  return rows[0].n === want ? undefined : `${rows[0].n} redemptions recorded instead of ${want}`;
}

/** A personalized special of app A for a fresh end user; its id. */
async function freshSpecial(ctx: Ctx): Promise<string> {
  const offerId = await insertOffer(ctx.app, { apps: [ctx.appA], personalized: true });
  lastOffer.set(ctx, offerId);
  return assignOffer(ctx.app, ctx.appA, offerId, (await testEndUser(ctx.app, ctx.appA)).id);
}

/** The session the end user signed out in the sign-out row; the target's data before a write row's call. */
const signOutTokens = new WeakMap<Ctx, string>();
const endUserBefore = new WeakMap<Ctx, string>();

/** The target end user's profile and vehicles as one comparable text. */
async function endUserState(ctx: Ctx): Promise<string> {
  const { rows } = await ctx.app.database.execute(
    `select u.*, (select json_agg(v.* order by v.position) from end_user_vehicles v where v.end_user_id = u.id)
       as vehicles from end_users u where u.id = $1`,
    [ctx.endUser.id],
  );
  return JSON.stringify(rows[0]);
}

async function endUserTokenWorks(ctx: Ctx, token: string): Promise<boolean> {
  const res = await ctx.app.inject({
    method: "GET",
    url: `/api/mobile/users/${ctx.endUser.id}`,
    headers: { "x-app": ctx.appA, authorization: `Bearer ${token}` },
  });
  return res.statusCode === 200;
}

/** A phone number of its own per call (the code limits count per address). */
const somePhone = () => `+1555${String(randomBytes(4).readUInt32BE(0) % 10_000_000).padStart(7, "0")}`;

/** The custom form of app A that the form-data row submits to. */
export const FORM_FEATURE = {
  id: "9b2f7c1e-2a51-4d0b-8f1e-00000000f0a1",
  type: "Form",
  title: "Service request",
  recipients: "gm@dealer.example",
  fields: [
    { name: "Full name", type: "Text" },
    { name: "Message", type: "TextArea" },
  ],
};

/** Puts the form back into app A when a save (or the fuzz) replaced its features. */
async function ensureForm(ctx: Ctx) {
  await ctx.app.database.execute(
    `update apps set definition = jsonb_set(definition, '{features}', $2::jsonb)
     where id = $1 and not coalesce(definition->'features' @> $3::jsonb, false)`,
    [ctx.appA, JSON.stringify([FORM_FEATURE]), JSON.stringify([{ id: FORM_FEATURE.id }])],
  );
}

/** Creates the two apps, their teams, and one fixture of each kind the endpoints need. */
export async function matrixContext(app: FastifyInstance): Promise<Ctx> {
  const markers = {
    A: `Alpha${randomBytes(3).toString("hex")}`,
    B: `Bravo${randomBytes(3).toString("hex")}`,
  };
  const admin = await testUser(app, "Admin");
  const personas: Persona[] = [{ name: "anonymous" }, { name: "stranger", user: await testUser(app) }];
  const ids: Record<"A" | "B", string> = { A: "", B: "" };
  for (const which of ["B", "A"] as const) {
    const owner = await testUser(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/apps",
      headers: owner.headers,
      payload: {
        definition: {
          name: `${markers[which]} Motors`,
          website: `https://${markers[which].toLowerCase()}.example.com`,
          ...(which === "A" ? { features: [FORM_FEATURE] } : {}),
        },
      },
    });
    if (res.statusCode !== 200) throw new Error(`app ${which} not created: ${res.body}`);
    ids[which] = res.json().data.appId;
    const label = which === "A" ? "this" : "other";
    personas.push({ name: `${label} Owner`, user: owner, role: { app: which, role: "Owner" } });
    for (const role of ["Manager", "Service", "Associate"] as const) {
      const u = await testUser(app);
      await grantRole(app, u.id, ids[which], role);
      personas.push({ name: `${label} ${role}`, user: u, role: { app: which, role } });
    }
  }
  personas.push(
    { name: "Admin", user: admin },
    { name: "Accountant", user: await testUser(app, "Accountant") },
  );

  // End users: the target, another of the same app, one of app B, and the target's signed-out session.
  const endUserMarker = `Echo${randomBytes(3).toString("hex")}`;
  const endUser = await testEndUser(app, ids.A, { name: `${endUserMarker} Person` });
  const another = await testEndUser(app, ids.A);
  const elsewhere = await testEndUser(app, ids.B);
  const revoked = await newEndUserSession(app, endUser.id);
  const out = await app.inject({
    method: "DELETE",
    url: `/api/mobile/users/auth/sign-out/${endUser.id}`,
    headers: { "x-app": ids.A, authorization: `Bearer ${revoked}` },
  });
  if (out.statusCode !== 200) throw new Error(`end-user sign-out failed: ${out.body}`);
  personas.push(
    { name: "end user", endUser: { id: endUser.id, token: endUser.token } },
    { name: "another end user", endUser: { id: another.id, token: another.token } },
    { name: "other app's end user", endUser: { id: elsewhere.id, token: elsewhere.token } },
    { name: "signed-out end user", endUser: { id: endUser.id, token: revoked } },
  );

  const template = await app.inject({
    method: "POST",
    url: "/api/apps",
    headers: admin.headers,
    payload: { definition: { name: "Template Motors" } },
  });
  await app.database.execute("update apps set is_master = true where id = $1", [template.json().data.appId]);
  await app.database.execute(
    `update apps set push_profile = '{"web":{"publicKey":"p","privateKey":"s","subject":"mailto:a@b.co"}}' where id = $1`,
    [ids.A],
  );
  const { rows: multi } = await app.database.execute(
    "insert into multiapps (name) values ('Group') returning id",
  );
  const { rows: mm } = await app.database.execute(
    "insert into make_models (make, model) values ('Ford', 'F-150') returning id",
  );
  await app.database.execute(
    "insert into engine_types (make, model, engine_type) values ('Ford', 'F-150', 'V8')",
  );
  const file = await storeAppUserFile(
    app.database.db,
    diskStorage(`${app.config.dataDir}/images`),
    ids.A,
    "users.csv",
    "text/csv",
    Buffer.from("email\n"),
  );
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#c00" } })
    .png()
    .toBuffer();
  return {
    app,
    personas,
    appA: ids.A,
    appB: ids.B,
    markers,
    endUserMarker,
    endUser,
    multiappId: multi[0].id,
    makeModelId: mm[0].id,
    fileId: file.id,
    png,
  };
}

/** The status the documented table gives this persona on this endpoint (200 when allowed). */
export function expectedStatus(access: Access, p: Persona): number {
  if (access.kind === "public") return 200;
  // The widget's end users: only the target's own live token; console tokens are no end-user tokens.
  if (access.kind === "endUser") return p.name === "end user" ? 200 : 401;
  // End-user tokens are no console sessions.
  if (!p.user) return 401;
  switch (access.kind) {
    case "signedIn":
      return 200;
    case "admin":
      return p.name === "Admin" ? 200 : 403;
    case "clientManager":
      return p.name === "Admin" || p.name === "Accountant" ? 200 : 403;
    case "app":
      if (p.name === "Admin") return 200;
      // Strangers to the app get 404, so app ids cannot be probed.
      if (p.role?.app !== "A") return 404;
      return documented[access.action].includes(p.role.role) ? 200 : 403;
  }
}

/** Apps whose data this persona may see (Accountants see every client in client relations). End users see
 * an app only through the calls that publish it. */
export function seesApp(p: Persona, which: "A" | "B"): boolean {
  if (p.name === "Admin" || p.name === "Accountant") return true;
  return p.role?.app === which;
}

/** Sends a request as a persona (from its own client address, so rate limits do not mix personas up). */
export async function send(ctx: Ctx, e: Endpoint, p: Persona, req: Request) {
  const own = p.user?.headers ?? (p.endUser ? { authorization: `Bearer ${p.endUser.token}` } : {});
  const headers: Record<string, string> = { ...(req.auth !== false ? own : {}), ...req.headers };
  const res = await ctx.app.inject({
    method: e.method,
    url: req.url,
    headers,
    payload: req.payload as string | object | Buffer | undefined,
    remoteAddress: someAddress(),
  });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  // An allowed call answering its documented success status counts as 200; a plain 200 there is a mismatch (0).
  const status =
    e.success === undefined
      ? res.statusCode
      : res.statusCode === e.success
        ? 200
        : res.statusCode === 200
          ? 0
          : res.statusCode;
  return { status, body, text: res.body };
}

/** An inbox entry of `userId` in app A (the widget's notification calls). */
async function inboxEntry(ctx: Ctx, userId: string): Promise<string> {
  const { rows } = await ctx.app.database.execute(
    "insert into end_user_notifications (app_id, user_id, message) values ($1, $2, 'Matrix message') returning id",
    [ctx.appA, userId],
  );
  return (rows[0] as { id: string }).id;
}

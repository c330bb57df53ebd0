import { type Static, Type } from "@sinclair/typebox";

const uuid = (what: string) => Type.String({ format: "uuid", errorMessage: `invalid ${what} id` });

/** One admin action as the audit log keeps it: who, what, when, on which app, before and after. */
export const AuditEntry = Type.Object({
  id: Type.String(),
  actorId: Type.Union([Type.String(), Type.Null()]),
  actorEmail: Type.Union([Type.String(), Type.Null()]),
  appId: Type.Union([Type.String(), Type.Null()]),
  appName: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  target: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  created: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, maximum: 1000000, default: 0 }),
  take: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  appId: Type.Optional(uuid("app")),
  actorId: Type.Optional(uuid("admin")),
  action: Type.Optional(Type.String({ maxLength: 100 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditList = Type.Object({ items: Type.Array(AuditEntry), total: Type.Integer() });
export type AuditList = Static<typeof AuditList>;

/** GET /admin/accounts: search in name and e-mail, filter by user type (spec §3 User, admin side). */
export const AdminAccountsQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, maximum: 1000000, default: 0 }),
  take: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  type: Type.Optional(Type.String({ maxLength: 40 })),
});
export type AdminAccountsQuery = Static<typeof AdminAccountsQuery>;

/** A user as admins see it (spec §3 "User (admin side)": id, name, type, email, portalUrl). */
export const AdminAccount = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  email: Type.String(),
  portalUrl: Type.Union([Type.String(), Type.Null()]),
  emailConfirmed: Type.Boolean(),
  created: Type.String(),
  apps: Type.Integer({ description: "how many apps the user has a role on" }),
});
export type AdminAccount = Static<typeof AdminAccount>;

export const AdminAccountList = Type.Object({ items: Type.Array(AdminAccount), total: Type.Integer() });
export type AdminAccountList = Static<typeof AdminAccountList>;

export const AdminAccountDetail = Type.Composite([
  AdminAccount,
  Type.Object({
    roles: Type.Array(
      Type.Object({ appId: Type.String(), name: Type.String(), slug: Type.String(), role: Type.String() }),
    ),
  }),
]);
export type AdminAccountDetail = Static<typeof AdminAccountDetail>;

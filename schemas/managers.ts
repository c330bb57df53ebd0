import { type Static, Type } from "@sinclair/typebox";
import { messages } from "./messages.ts";
import { email } from "./text.ts";

/** Per-app roles (spec §6). */
export const AppRoleName = Type.Union(
  [Type.Literal("Owner"), Type.Literal("Manager"), Type.Literal("Service"), Type.Literal("Associate")],
  { errorMessage: "role should be one of Owner, Manager, Service, Associate" },
);
export type AppRoleName = Static<typeof AppRoleName>;

/** Location ids a manager is limited to; empty means every location of the app. */
export const ManagerLocations = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 500 });

/** POST /accounts/app/{appId}/managers. */
export const ManagerInvite = Type.Object(
  {
    email: email({ required: true }),
    role: AppRoleName,
    locations: Type.Optional(ManagerLocations),
    /** Invite an address outside the Owners' e-mail domain (else 409 ExternalInvite asks for this). */
    confirmExternal: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { email: messages.required, role: messages.required } },
  },
);
export type ManagerInvite = Static<typeof ManagerInvite>;

/** POST /accounts/app/{appId}/managers/{id}/role/{role}. */
export const ManagerRoleChange = Type.Object(
  { locations: Type.Optional(ManagerLocations) },
  { additionalProperties: false },
);
export type ManagerRoleChange = Static<typeof ManagerRoleChange>;

/** A member of an app's team, or an invitation not yet accepted (status Invited, id of the invitation). */
export const Manager = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: AppRoleName,
  locations: Type.Array(Type.String()),
  status: Type.Union([Type.Literal("Active"), Type.Literal("Invited")]),
  /** The address is outside the e-mail domains of the app's Owners (spec §6 team check). */
  external: Type.Boolean(),
});
export type Manager = Static<typeof Manager>;

/** Permission responses of spec §4. */
export const PermissionResult = Type.Union([
  Type.Literal("AlreadyHasPermissions"),
  Type.Literal("AppPermissionsGranted"),
  Type.Literal("InvitationSent"),
]);
export type PermissionResult = Static<typeof PermissionResult>;

export const ManagerInviteResult = Type.Object({ result: PermissionResult, manager: Manager });
export type ManagerInviteResult = Static<typeof ManagerInviteResult>;

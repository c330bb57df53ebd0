/**
 * Who may do what: the one place roles and user types are checked. Spec §6 leaves per-role permissions
 * open; this table is our decision and server/PERMISSIONS.md shows it to people. Routes and operations ask
 * these functions and never compare role names themselves.
 */
export const appRoles = ["Owner", "Manager", "Service", "Associate"] as const;
export type AppRole = (typeof appRoles)[number];

export const userTypes = ["Admin", "Accountant", "User"] as const;
export type UserType = (typeof userTypes)[number];

const everyone = appRoles;
const editors = ["Owner", "Manager"] as const satisfies readonly AppRole[];
const staff = ["Owner", "Manager", "Service"] as const satisfies readonly AppRole[];

/**
 * Actions on one app and the roles allowed to do them. Admins may do everything on every app. Rows for
 * resources served by later modules (pushes, coupons, app users...) are decided here already so that every
 * module enforces the same table.
 */
export const appPermissions = {
  "app.read": everyone,
  "app.edit": editors,
  "settings.read": everyone,
  "settings.write": editors,
  "managers.read": editors,
  "managers.manage": editors,
  "pushes.read": everyone,
  "pushes.send": staff,
  "coupons.read": everyone,
  "coupons.write": editors,
  "events.read": everyone,
  "events.write": editors,
  "geofences.read": everyone,
  "geofences.write": editors,
  /** Subscriptions carry device tokens: only editors list or export them. */
  "pushSubscriptions.read": editors,
  "appUsers.read": everyone,
  "appUsers.edit": staff,
  "loyalty.stamp": everyone,
  "loyalty.manage": editors,
  "points.read": everyone,
  "points.write": staff,
  "redemptions.read": everyone,
  "redemptions.record": staff,
  "leads.read": staff,
  "leads.delete": editors,
  "formData.read": staff,
  "staff.read": everyone,
  "staff.manage": editors,
  "emailSubscriptions.manage": editors,
  "tasks.read": everyone,
  "analytics.read": editors,
  /** Dealer data (issue 16): inventory, repair orders, deals, service contracts, glovebox documents. */
  "dealerData.read": everyone,
  "dealerData.write": editors,
  /** Integration keys let a dealer's system write the app's data: Owners only. */
  "integrationKeys.manage": ["Owner"],
} as const satisfies Record<string, readonly AppRole[]>;

export type AppAction = keyof typeof appPermissions;

/** The signed-in user as permissions see it. */
export interface Caller {
  id: string;
  type: string;
  /** The configured super user (spec §6: "one specific user id has special rights"). */
  superUser?: boolean;
}

/** Admins (and the super user, whatever their type) may do everything. */
export const isAdmin = (caller: Caller): boolean => caller.type === "Admin" || caller.superUser === true;

/** Client managers (spec §6): Admin and Accountant. */
export const isClientManager = (caller: Caller): boolean => isAdmin(caller) || caller.type === "Accountant";

export function mayOnApp(caller: Caller, role: AppRole | null, action: AppAction): boolean {
  if (isAdmin(caller)) return true;
  return role !== null && (appPermissions[action] as readonly AppRole[]).includes(role);
}

/**
 * Which roles a member may give, change or take away. Owners manage everyone; Managers manage the staff
 * below them (Service, Associate) so that a Manager can neither promote themselves nor demote an Owner.
 */
const grantable: Record<AppRole, readonly AppRole[]> = {
  Owner: appRoles,
  Manager: ["Service", "Associate"],
  Service: [],
  Associate: [],
};

export function mayGrant(caller: Caller, callerRole: AppRole | null, role: AppRole): boolean {
  if (isAdmin(caller)) return true;
  return callerRole !== null && grantable[callerRole].includes(role);
}

/**
 * Acting as another account (sign-in-as, setting its password): Admins may do it to anyone but another
 * Admin; only the super user may do it to an Admin, so one Admin cannot take over another.
 */
export function mayActAs(caller: Caller, target: Caller): boolean {
  if (!isAdmin(caller)) return false;
  if (target.superUser && !caller.superUser) return false;
  return !isAdmin(target) || caller.superUser === true;
}

/**
 * Who may do what on an app: the one place roles are checked (spec §6 leaves the table to us; the README
 * shows it). Admin users may do everything on every app.
 */
export const appRoles = ["Owner", "Manager", "Service", "Associate"] as const;
export type AppRole = (typeof appRoles)[number];

export type AppAction = "read" | "edit";

const table: Record<AppAction, readonly AppRole[]> = {
  read: appRoles,
  edit: ["Owner", "Manager"],
};

export interface Caller {
  id: string;
  type: string;
}

export function mayOnApp(caller: Caller, role: AppRole | null, action: AppAction): boolean {
  if (caller.type === "Admin") return true;
  return role !== null && table[action].includes(role);
}

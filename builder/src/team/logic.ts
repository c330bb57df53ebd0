/** Pure rules of the Team page (server/PERMISSIONS.md: who may grant which role; spec §4 answers). */

export type AppRole = "Owner" | "Manager" | "Service" | "Associate";
export const ROLES: readonly AppRole[] = ["Owner", "Manager", "Service", "Associate"];

export interface TeamMember {
  id: string;
  email: string;
  name: string;
  role: AppRole;
  locations: string[];
  status: "Active" | "Invited";
  external?: boolean;
}

export type InviteResult = "AlreadyHasPermissions" | "AppPermissionsGranted" | "InvitationSent";

/** The server's three permission answers as the console says them. */
export function inviteMessage(result: InviteResult, email: string, role: AppRole): string {
  switch (result) {
    case "AlreadyHasPermissions":
      return `${email} already has access to this app; nothing was changed`;
    case "AppPermissionsGranted":
      return `${email} already has an account: they now have the ${role} role and were told by e-mail`;
    case "InvitationSent":
      return `Invitation sent to ${email} as ${role}`;
  }
}

/** The roles someone with this role may give (Owners any, Managers Service and Associate, Admins any). */
export function grantableRoles(myRole: AppRole | null, admin: boolean): AppRole[] {
  if (admin || myRole === "Owner") return [...ROLES];
  if (myRole === "Manager") return ["Service", "Associate"];
  return [];
}

/** May this caller change or remove this member (the server checks too; the console hides what it refuses)? */
export function mayManage(
  member: TeamMember,
  myRole: AppRole | null,
  admin: boolean,
  myEmail: string,
): boolean {
  if (member.status === "Active" && member.email.toLowerCase() === myEmail.toLowerCase()) return false;
  return grantableRoles(myRole, admin).includes(member.role);
}

/** Owners first, then Managers, Service, Associate; members before invitations; by e-mail within. */
export function sortTeam(list: readonly TeamMember[]): TeamMember[] {
  return [...list].sort(
    (a, b) =>
      ROLES.indexOf(a.role) - ROLES.indexOf(b.role) ||
      (a.status === b.status ? 0 : a.status === "Active" ? -1 : 1) ||
      a.email.localeCompare(b.email),
  );
}

/** The names of a member's locations; none means all of them. */
export function locationNames(
  ids: readonly string[],
  locations: readonly { id: string; name?: string }[],
): string {
  if (!ids.length) return "All locations";
  return ids.map((id) => locations.find((l) => l.id === id)?.name || id).join(", ");
}

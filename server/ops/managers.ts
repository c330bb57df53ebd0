import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Manager, ManagerInvite, ManagerInviteResult } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { accountTokens, appRoles, apps, users } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { type AppRole, type Caller, mayGrant } from "../permissions.ts";
import type { Mailer } from "../services/mail.ts";
import { mailLinks, mailTexts } from "../services/mail-texts.ts";
import { issueToken } from "./account-tokens.ts";
import { normalizeEmail } from "./accounts.ts";
import { type AppAccess, appForCaller, UUID } from "./apps.ts";

interface InvitePayload {
  appId: string;
  role: AppRole;
  locations: string[];
  invitedBy: string;
}

const pendingInvitations = (appId: string) =>
  and(
    eq(accountTokens.kind, "invitation"),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
    sql`${accountTokens.payload}->>'appId' = ${appId}`,
  );

/** The app's team: members with a role, then invitations not yet accepted. */
export async function listManagers(db: Db, caller: Caller, appId: string): Promise<Manager[]> {
  await appForCaller(db, caller, appId, "managers.read");
  return teamOf(db, appId);
}

/** The team of an app, without a permission check (admin views call it after their own check). */
export async function teamOf(db: Db, appId: string): Promise<Manager[]> {
  const team = await teamMembers(db, appId);
  const domains = await ownerDomains(db, appId);
  return team.map((m) => ({ ...m, external: isExternal(domains, m.email) }));
}

/** The e-mail domain of an address, lower-cased ("" when it has none). */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/** The e-mail domains of the app's Owners: the team's domains for the spec's team check (§6). */
export async function ownerDomains(db: Db, appId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(appRoles)
    .innerJoin(users, eq(users.id, appRoles.userId))
    .where(and(eq(appRoles.appId, appId), eq(appRoles.role, "Owner")));
  return [...new Set(rows.map((r) => emailDomain(r.email)))].sort();
}

/** An address outside every Owner's domain is external (an app without Owners has no team domain). */
const isExternal = (domains: string[], email: string) =>
  domains.length > 0 && !domains.includes(emailDomain(email));

async function teamMembers(db: Db, appId: string): Promise<Omit<Manager, "external">[]> {
  const members = await db
    .select({ user: users, role: appRoles.role, locations: appRoles.locations })
    .from(appRoles)
    .innerJoin(users, eq(users.id, appRoles.userId))
    .where(eq(appRoles.appId, appId))
    .orderBy(users.email);
  const invited = await db
    .select()
    .from(accountTokens)
    .where(pendingInvitations(appId))
    .orderBy(accountTokens.email);
  return [
    ...members.map(
      (m): Omit<Manager, "external"> => ({
        id: m.user.id,
        email: m.user.email,
        name: m.user.name,
        role: m.role as AppRole,
        locations: (m.locations as string[]) ?? [],
        status: "Active",
      }),
    ),
    ...invited.map((t): Omit<Manager, "external"> => {
      const p = t.payload as InvitePayload;
      return {
        id: t.id,
        email: t.email,
        name: "",
        role: p.role,
        locations: p.locations ?? [],
        status: "Invited",
      };
    }),
  ];
}

const appName = (access: AppAccess) => String((access.row.definition as { name?: unknown }).name ?? "");

/**
 * Invites by e-mail (spec §4 permission responses): a member already on the app is left alone
 * (AlreadyHasPermissions), an existing account gets the role at once (AppPermissionsGranted), anyone else
 * gets an invitation mail with a sign-up code (InvitationSent; a new invitation replaces a pending one).
 */
export async function inviteManager(
  db: Db,
  mailer: Mailer,
  caller: Caller,
  appId: string,
  input: ManagerInvite,
  origin: string,
): Promise<ManagerInviteResult> {
  const access = await appForCaller(db, caller, appId, "managers.manage");
  if (!mayGrant(caller, access.role, input.role)) throw new ApiError("RoleNotGrantable");
  const email = normalizeEmail(input.email);
  const locations = input.locations ?? [];
  const domains = await ownerDomains(db, appId);
  const external = isExternal(domains, email);
  if (external && input.confirmExternal !== true) {
    const domain = emailDomain(email);
    throw new ApiError(
      "ExternalInvite",
      `${email} is at ${domain}, outside your team's e-mail domain (${domains.join(", ")}). Invite this address anyway?`,
      { domain, teamDomains: domains },
    );
  }
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (user) {
    const [existing] = await db
      .select()
      .from(appRoles)
      .where(and(eq(appRoles.appId, appId), eq(appRoles.userId, user.id)));
    const manager = (role: string, locs: unknown): Manager => ({
      id: user.id,
      email: user.email,
      name: user.name,
      role: role as AppRole,
      locations: (locs as string[]) ?? [],
      status: "Active",
      external,
    });
    if (existing)
      return { result: "AlreadyHasPermissions", manager: manager(existing.role, existing.locations) };
    await db
      .insert(appRoles)
      .values({ userId: user.id, appId, role: input.role, locations })
      .onConflictDoNothing();
    await sendOrFail(
      mailer,
      mailTexts.accessGranted(email, appName(access), input.role, mailLinks.app(origin, appId)),
    );
    return { result: "AppPermissionsGranted", manager: manager(input.role, locations) };
  }
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(pendingInvitations(appId), eq(accountTokens.email, email)));
  const payload: InvitePayload = { appId, role: input.role, locations, invitedBy: caller.id };
  const { token, id } = await issueToken(db, "invitation", email, { payload: { ...payload } });
  await sendOrFail(
    mailer,
    mailTexts.invitation(email, appName(access), input.role, mailLinks.signUp(origin, token)),
  );
  return {
    result: "InvitationSent",
    manager: { id, email, name: "", role: input.role, locations, status: "Invited", external },
  };
}

async function sendOrFail(mailer: Mailer, mail: Parameters<Mailer["send"]>[0]) {
  try {
    await mailer.send(mail);
  } catch {
    throw new ApiError("MailFailed");
  }
}

type Target =
  | { kind: "member"; userId: string; role: AppRole }
  | { kind: "invitation"; id: string; payload: InvitePayload };

async function findTarget(db: Db, appId: string, id: string): Promise<Target> {
  if (!UUID.test(id)) throw new ApiError("ManagerNotFound");
  const [member] = await db
    .select()
    .from(appRoles)
    .where(and(eq(appRoles.appId, appId), eq(appRoles.userId, id)));
  if (member) return { kind: "member", userId: id, role: member.role as AppRole };
  const [invite] = await db
    .select()
    .from(accountTokens)
    .where(and(pendingInvitations(appId), eq(accountTokens.id, id)));
  if (invite) return { kind: "invitation", id, payload: invite.payload as InvitePayload };
  throw new ApiError("ManagerNotFound");
}

async function ownerCount(db: Db, appId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appRoles)
    .where(and(eq(appRoles.appId, appId), eq(appRoles.role, "Owner")));
  return Number(row.n);
}

/**
 * Checks a change to a member: the caller may manage the member's current role, the caller does not change
 * their own role (no accidental lock-out), and the app keeps an Owner.
 */
async function checkChange(db: Db, caller: Caller, access: AppAccess, target: Target, newRole?: AppRole) {
  const currentRole = target.kind === "member" ? target.role : target.payload.role;
  if (!mayGrant(caller, access.role, currentRole)) throw new ApiError("RoleNotGrantable");
  if (newRole && !mayGrant(caller, access.role, newRole)) throw new ApiError("RoleNotGrantable");
  if (target.kind !== "member") return;
  if (target.userId === caller.id) throw new ApiError("SelfRoleChange");
  if (target.role === "Owner" && newRole !== "Owner" && (await ownerCount(db, access.row.id)) <= 1)
    throw new ApiError("LastOwner");
}

/**
 * Runs one change to an app's team with the app's row locked, so two changes at once are checked one after
 * the other, each against the roles the other left: two Owners demoting each other cannot both succeed.
 */
function teamChange<T>(db: Db, appId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)).for("update");
    return work(tx);
  });
}

export async function removeManager(db: Db, caller: Caller, appId: string, id: string): Promise<void> {
  await teamChange(db, appId, async (tx) => {
    const access = await appForCaller(tx, caller, appId, "managers.manage");
    const target = await findTarget(tx, appId, id);
    await checkChange(tx, caller, access, target);
    if (target.kind === "member")
      await tx.delete(appRoles).where(and(eq(appRoles.appId, appId), eq(appRoles.userId, target.userId)));
    else await tx.update(accountTokens).set({ usedAt: new Date() }).where(eq(accountTokens.id, target.id));
  });
}

export async function changeManagerRole(
  db: Db,
  caller: Caller,
  appId: string,
  id: string,
  role: AppRole,
  locations: string[] | undefined,
): Promise<Manager> {
  await teamChange(db, appId, async (tx) => {
    const access = await appForCaller(tx, caller, appId, "managers.manage");
    const target = await findTarget(tx, appId, id);
    await checkChange(tx, caller, access, target, role);
    if (target.kind === "member")
      await tx
        .update(appRoles)
        .set({ role, ...(locations ? { locations } : {}) })
        .where(and(eq(appRoles.appId, appId), eq(appRoles.userId, target.userId)));
    else
      await tx
        .update(accountTokens)
        .set({ payload: { ...target.payload, role, ...(locations ? { locations } : {}) } })
        .where(eq(accountTokens.id, target.id));
  });
  const team = await teamOf(db, appId);
  return team.find((m) => m.id === id)!;
}

import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ChangePassword, Me, SignIn, SignUp } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { accountTokens, appRoles, apps, sessions, users } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { type Caller, mayActAs } from "../permissions.ts";
import type { Mailer } from "../services/mail.ts";
import { mailLinks, mailTexts } from "../services/mail-texts.ts";
import { hashPassword, hashToken, newToken, verifyPassword } from "../services/secrets.ts";
import { consumeToken, issueToken, pendingTokens } from "./account-tokens.ts";

export type UserRow = typeof users.$inferSelect;

export const toMe = (u: UserRow): Me => ({
  id: u.id,
  name: u.name,
  email: u.email,
  type: u.type as Me["type"],
  portalUrl: u.portalUrl,
  emailConfirmed: u.emailConfirmed,
});

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The caller as permissions see a user; the super user comes from configuration. */
export const callerOf = (u: UserRow, superUserId?: string): Caller => ({
  id: u.id,
  type: u.type,
  superUser: superUserId !== undefined && u.id === superUserId,
});

async function insertUser(
  db: Db,
  input: SignUp,
  passwordHash: string,
  type: Me["type"],
  emailConfirmed: boolean,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      passwordHash,
      name: input.name?.trim() ?? "",
      portalUrl: input.portalUrl || null,
      type,
      emailConfirmed,
    })
    .onConflictDoNothing()
    .returning();
  // No row: the address exists, possibly created by a concurrent sign-up.
  if (!row) throw new ApiError("EmailTaken");
  return row;
}

export async function signUp(db: Db, input: SignUp, type: Me["type"] = "User"): Promise<UserRow> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizeEmail(input.email)));
  if (existing) throw new ApiError("EmailTaken");
  return insertUser(db, input, await hashPassword(input.password), type, false);
}

/** Gives the roles of every pending invitation for the user's address and uses those invitations up. */
async function acceptInvitations(db: Db, user: UserRow): Promise<void> {
  for (const invite of await pendingTokens(db, "invitation", user.email)) {
    const { appId, role, locations } = invite.payload as {
      appId: string;
      role: string;
      locations?: string[];
    };
    const [app] = await db.select({ id: apps.id }).from(apps).where(eq(apps.id, appId));
    if (app)
      await db
        .insert(appRoles)
        .values({ userId: user.id, appId, role, locations: locations ?? [] })
        .onConflictDoNothing();
    await db.update(accountTokens).set({ usedAt: new Date() }).where(eq(accountTokens.id, invite.id));
  }
}

/**
 * Sign-up with an invitation code (POST /accounts/sign-up/{code}). The code arrived by mail at the invited
 * address, so that address counts as confirmed; the account must use that address, so a forwarded
 * invitation cannot hand an app to someone else. All in one transaction: a failure leaves the code usable.
 */
export async function signUpWithCode(db: Db, code: string, input: SignUp): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const invite = await consumeToken(tx as unknown as Db, "invitation", code);
    if (!invite) throw new ApiError("InvalidCode");
    if (invite.email !== normalizeEmail(input.email)) throw new ApiError("InvitationEmailMismatch");
    // Mark this invitation unused again so acceptInvitations grants it with the others.
    await tx.update(accountTokens).set({ usedAt: null }).where(eq(accountTokens.id, invite.id));
    const user = await insertUser(tx as unknown as Db, input, passwordHash, "User", true);
    await acceptInvitations(tx as unknown as Db, user);
    return user;
  });
}

/** A dummy hash so unknown e-mails cost the same time as wrong passwords (no account probing by timing). */
let dummyHash: Promise<string> | undefined;

export async function signIn(db: Db, input: SignIn): Promise<string> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(input.email)));
  dummyHash ??= hashPassword("not-a-real-password");
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !ok) throw new ApiError("InvalidCredentials");
  return createSession(db, user.id);
}

export async function createSession(db: Db, userId: string, impersonatorId?: string): Promise<string> {
  const { token, tokenHash } = newToken();
  await db.insert(sessions).values({ userId, tokenHash, impersonatorId: impersonatorId ?? null });
  return token;
}

/** The user behind a bearer token, or null when the token is unknown, revoked or expired. */
export async function userForToken(db: Db, token: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
  return row?.user ?? null;
}

export async function signOut(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/** Revokes a user's sessions, except the one in use when `keepToken` is given. */
async function revokeSessions(db: Db, userId: string, keepToken?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined,
      ),
    );
}

async function setPasswordHash(db: Db, userId: string, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
}

/**
 * Changing the password signs out every other session: whoever else held one (a lost laptop, a stolen
 * token) loses it. The current password is checked so a stolen session alone cannot lock the owner out.
 */
export async function changePassword(db: Db, user: UserRow, token: string, input: ChangePassword) {
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new ApiError("WrongPassword");
  await setPasswordHash(db, user.id, input.newPassword);
  await revokeSessions(db, user.id, token);
}

/**
 * Sends a reset link when the address has an account. The caller answers at once and the same way either
 * way, while the look-up and the mail happen after the answer: neither the answer nor its timing tells
 * which addresses have accounts. Returns the background work so tests can wait for it.
 */
export function sendPasswordReset(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  email: string,
  origin: string,
): Promise<void> {
  return (async () => {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(email)));
    if (!user) return;
    const { token } = await issueToken(db, "reset-password", user.email, { userId: user.id });
    await mailer.send(mailTexts.resetPassword(user.email, mailLinks.resetPassword(origin, token)));
  })().catch((err) => log.error({ err }, "password reset mail failed"));
}

/** Sets a new password from a reset link and signs out every session (the old password may be known). */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const row = await consumeToken(db, "reset-password", token);
  if (!row?.userId) throw new ApiError("InvalidEmailToken");
  await setPasswordHash(db, row.userId, password);
  await revokeSessions(db, row.userId);
}

export async function sendEmailConfirmation(db: Db, mailer: Mailer, user: UserRow, origin: string) {
  const { token } = await issueToken(db, "confirm-email", user.email, { userId: user.id });
  try {
    await mailer.send(mailTexts.confirmEmail(user.email, mailLinks.confirmEmail(origin, token)));
  } catch {
    throw new ApiError("MailFailed");
  }
}

/**
 * Confirms the address a link was sent to. Invitations waiting for that address are accepted now, since
 * the address is proven (someone invited before signing up without the code still gets the app).
 */
export async function confirmEmail(db: Db, token: string): Promise<UserRow> {
  const row = await consumeToken(db, "confirm-email", token);
  if (!row?.userId) throw new ApiError("InvalidEmailToken");
  const [user] = await db
    .update(users)
    .set({ emailConfirmed: true })
    // The address may have changed since the link was sent; the link only confirms the one it went to.
    .where(and(eq(users.id, row.userId), eq(users.email, row.email)))
    .returning();
  if (!user) throw new ApiError("InvalidEmailToken");
  await acceptInvitations(db, user);
  return user;
}

async function targetUser(db: Db, caller: Caller, id: string, superUserId?: string): Promise<UserRow> {
  const [target] = await db.select().from(users).where(eq(users.id, id));
  if (!target) throw new ApiError("UserNotFound");
  if (!mayActAs(caller, callerOf(target, superUserId))) throw new ApiError("SuperUserOnly");
  return target;
}

/** Admin impersonation: a session for another user that records who opened it. */
export async function signInAs(db: Db, caller: Caller, id: string, superUserId?: string): Promise<string> {
  const target = await targetUser(db, caller, id, superUserId);
  return createSession(db, target.id, caller.id);
}

/** Admin sets a user's password; the user's sessions end, as after a reset. */
export async function adminSetPassword(
  db: Db,
  caller: Caller,
  id: string,
  password: string,
  superUserId?: string,
): Promise<void> {
  const target = await targetUser(db, caller, id, superUserId);
  await setPasswordHash(db, target.id, password);
  await revokeSessions(db, target.id);
}

export async function usersByIds(db: Db, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

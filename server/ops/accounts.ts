import { and, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import { followableUrl } from "../../core/url-policy.ts";
import type { ChangePassword, Me, SignIn, SignUp } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { accountTokens, appRoles, apps, sessions, users } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { type Caller, mayActAs } from "../permissions.ts";
import type { Limits } from "../services/limits.ts";
import type { Mailer } from "../services/mail.ts";
import { mailLinks, mailTexts } from "../services/mail-texts.ts";
import { hashPassword, hashToken, newToken, verifyPassword } from "../services/secrets.ts";
import { consumeToken, issueToken, pendingTokens, retireTokens, usableToken } from "./account-tokens.ts";

export type UserRow = typeof users.$inferSelect;

export const toMe = (u: UserRow): Me => ({
  id: u.id,
  name: u.name,
  email: u.email,
  type: u.type as Me["type"],
  // A value stored before the URL policy (javascript:, credentials, ...) reads as absent.
  portalUrl: followableUrl(u.portalUrl, { appLinks: false }) ?? null,
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
      // The schema checked it (webUrl); the scheme is added when it was left out (spec §5).
      portalUrl: followableUrl(input.portalUrl, { appLinks: false }) ?? null,
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

/**
 * Lock-outs against password guessing (finding: the old per-account rate limit refused the owner too).
 * Counted in the shared limits table (app.limits), keyed by the normalised e-mail whether or not it has an
 * account, so the answers tell nothing about which addresses exist.
 *
 * - Per account and client address: after `perAddress` failed sign-ins in the window that address is
 *   refused for that account; a successful sign-in clears its count.
 * - Per account, from every address: after `perAccount` failed sign-ins in the window, password sign-in is
 *   refused for everyone, and the account's owner is mailed an unlock link (once per window). The link
 *   plus the password signs the owner in (signInWithUnlock) while the lock holds.
 *
 * Every attempt is counted before the password is checked (one atomic upsert), so parallel requests cannot
 * run more checks than the budget; successes are counted apart and subtracted, so only failures use the
 * account's budget. A guesser thus gets at most `perAccount` guesses per window (plus one per sign-in of
 * the real owner in that window), whatever the number of addresses.
 */
export const SIGN_IN_LOCK = {
  windowMs: 15 * 60_000,
  perAddress: 5,
  perAccount: 20,
  /** Wrong passwords allowed with one mailed unlock link before it is used up. */
  unlockTries: 5,
} as const;

const lockKeys = {
  address: (email: string, address: string) => `sign-in:address:${email}:${address}`,
  attempts: (email: string) => `sign-in:account:${email}`,
  successes: (email: string) => `sign-in:ok:${email}`,
  unlockMail: (email: string) => `sign-in:unlock-mail:${email}`,
  unlockTries: (tokenId: string) => `sign-in:unlock-tries:${tokenId}`,
};

export interface SignInContext {
  limits: Limits;
  /** The client's address (the request's, through the configured proxy). */
  address: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Origin of the unlock link. */
  linkOrigin: string;
}

async function passwordMatches(user: UserRow | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword("not-a-real-password");
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  return Boolean(user) && ok;
}

const userByEmail = async (db: Db, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email)))[0];

/**
 * Mails the unlock link, at most once per lock window; after the answer, so neither its timing nor its
 * failure tells anything. Returns the background work so tests can wait for it.
 */
function mailUnlockLink(db: Db, ctx: SignInContext, email: string): Promise<void> {
  return (async () => {
    const { hits } = await ctx.limits.hit(lockKeys.unlockMail(email), SIGN_IN_LOCK.windowMs);
    if (hits !== 1) return;
    const user = await userByEmail(db, email);
    if (!user) return;
    const { token } = await issueToken(db, "unlock", user.email, { userId: user.id });
    await ctx.mailer.send(mailTexts.unlock(user.email, mailLinks.unlock(ctx.linkOrigin, token)));
  })().catch((err) => ctx.log.error({ err }, "unlock mail failed"));
}

export async function signIn(db: Db, input: SignIn, ctx: SignInContext): Promise<string> {
  const email = normalizeEmail(input.email);
  const { limits } = ctx;
  const addressKey = lockKeys.address(email, ctx.address);
  const byAddress = await limits.hit(addressKey, SIGN_IN_LOCK.windowMs);
  if (byAddress.hits > SIGN_IN_LOCK.perAddress)
    throw new ApiError("SignInAddressLocked", undefined, {
      retryAfterSeconds: Math.ceil(byAddress.ttlMs / 1000),
    });
  const attempts = await limits.hit(lockKeys.attempts(email), SIGN_IN_LOCK.windowMs);
  const successes = await limits.read(lockKeys.successes(email));
  if (attempts.hits - successes.hits > SIGN_IN_LOCK.perAccount) {
    void mailUnlockLink(db, ctx, email);
    throw new ApiError("AccountLocked");
  }
  const user = await userByEmail(db, email);
  // The hash is checked (against a dummy one) even without an account, so timing tells nothing.
  const ok = await passwordMatches(user, input.password);
  if (!ok || !user) throw new ApiError("InvalidCredentials");
  await limits.hit(lockKeys.successes(email), SIGN_IN_LOCK.windowMs);
  await limits.reset(addressKey);
  return createSession(db, user.id);
}

/**
 * Sign-in through a mailed unlock link (the link proves the mailbox, the password the rest): works while
 * the account is locked. A wrong password keeps the link for another try, up to SIGN_IN_LOCK.unlockTries;
 * a success uses it up and clears the lock of the address it came from.
 */
export async function signInWithUnlock(
  db: Db,
  token: string,
  password: string,
  ctx: Pick<SignInContext, "limits" | "address">,
): Promise<string> {
  const row = await usableToken(db, "unlock", token);
  if (!row?.userId) throw new ApiError("InvalidEmailToken");
  const tries = await ctx.limits.hit(lockKeys.unlockTries(row.id), 3600_000);
  if (tries.hits > SIGN_IN_LOCK.unlockTries) {
    await consumeToken(db, "unlock", token);
    throw new ApiError("InvalidEmailToken");
  }
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, row.userId), eq(users.email, row.email)));
  if (!(await passwordMatches(user, password)) || !user) throw new ApiError("InvalidCredentials");
  // One UPDATE that only matches an unused token: two tabs racing with one link cannot both sign in.
  if (!(await consumeToken(db, "unlock", token))) throw new ApiError("InvalidEmailToken");
  await ctx.limits.reset(lockKeys.address(user.email, ctx.address));
  return createSession(db, user.id);
}

/** An impersonation session lives at most this long, and never longer than the Admin's own session. */
export const IMPERSONATION_LIFETIME = "1 hour";

export async function createSession(
  db: Db,
  userId: string,
  impersonation?: { adminId: string; adminSessionId: string },
): Promise<string> {
  const { token, tokenHash } = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash,
    impersonatorId: impersonation?.adminId ?? null,
    impersonatorSessionId: impersonation?.adminSessionId ?? null,
    ...(impersonation ? { expiresAt: sql`now() + ${sql.raw(`interval '${IMPERSONATION_LIFETIME}'`)}` } : {}),
  });
  return token;
}

/** The admin session that opened impersonations (see userForToken). */
const adminSessions = alias(sessions, "admin_sessions");

/**
 * The user behind a bearer token, or null when the token is unknown, revoked or expired. An impersonation
 * session (sign-in-as) is only good while the Admin's session that opened it is: the Admin's sign-out,
 * expiry or password change ends it too. One opened before sessions recorded that (no admin session) is
 * refused.
 */
export async function userForToken(db: Db, token: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(adminSessions, eq(adminSessions.id, sessions.impersonatorSessionId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        or(
          and(isNull(sessions.impersonatorId), isNull(sessions.impersonatorSessionId)),
          and(
            isNotNull(adminSessions.id),
            isNull(adminSessions.revokedAt),
            gt(adminSessions.expiresAt, sql`now()`),
          ),
        ),
      ),
    );
  return row?.user ?? null;
}

/** Ends a session and every impersonation it opened. */
export async function signOut(db: Db, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  const own = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        isNull(sessions.revokedAt),
        or(eq(sessions.tokenHash, tokenHash), inArray(sessions.impersonatorSessionId, own)),
      ),
    );
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

/**
 * Every password change (change, reset, set by an Admin) also uses up the reset and unlock links mailed
 * before it, so an older link cannot undo or bypass the new password.
 */
async function setPasswordHash(db: Db, userId: string, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
  await retireTokens(db, userId, ["reset-password", "unlock"]);
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

/**
 * Admin impersonation: a short session for another user that records who opened it and from which of the
 * Admin's sessions. Opened from an impersonation, it hangs on the same Admin session as that one, so the
 * Admin's sign-out ends the whole chain.
 */
export async function signInAs(
  db: Db,
  caller: Caller,
  adminToken: string,
  id: string,
  superUserId?: string,
): Promise<string> {
  const target = await targetUser(db, caller, id, superUserId);
  const [own] = await db
    .select({ id: sessions.id, opener: sessions.impersonatorSessionId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(adminToken)));
  if (!own) throw new ApiError("InvalidToken");
  return createSession(db, target.id, { adminId: caller.id, adminSessionId: own.opener ?? own.id });
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

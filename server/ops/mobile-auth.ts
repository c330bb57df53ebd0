import { createHash, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { endUserCodes, endUserSessions, endUsers } from "../db/schema-mobile.ts";
import type { Limits } from "../services/limits.ts";
import type { Mailer } from "../services/mail.ts";
import { hashToken, newToken } from "../services/secrets.ts";
import type { Sms } from "../services/sms.ts";
import { recordFact } from "./analytics-facts.ts";
import { MobileError } from "./mobile-errors.ts";
import { type EndUserView, endUserView, phoneOrRefuse } from "./mobile-users.ts";

/** Spec §3 Passwordless sign-in limits (issue 6). */
export const CODE_LIMITS = {
  digits: 6,
  ttlMs: 10 * 60_000,
  maxWrongTries: 5,
  maxSendsPerHour: 5,
  minMsBetweenSends: 60_000,
  /** Codes one app may send in an hour, whatever the addresses: an app is no free mailer for strangers. */
  maxSendsPerAppPerHour: 200,
} as const;

export type Channel = "email" | "phone";
export interface Identifier {
  channel: Channel;
  value: string;
}

/**
 * Where the code goes, the shared counters of the per-app budget, and what time it is; the clock is
 * injected so tests can stand at each limit.
 */
export interface CodeDeps {
  mailer: Mailer;
  sms: Sms;
  /** The shared counters (app.limits) the per-app budget counts in; the routes always pass them. */
  limits?: Limits;
  now?: () => number;
}

/**
 * One spelling per address, so limits and verification see one address however it is typed: e-mails
 * lower-cased, phones in E.164.
 */
export function normalizeIdentifier(input: { email?: string; phone?: string }): Identifier {
  if (input.phone?.trim()) return { channel: "phone", value: phoneOrRefuse(input.phone) };
  if (input.email?.trim()) return { channel: "email", value: input.email.trim().toLowerCase() };
  throw new MobileError("IdentifierRequired");
}

/** The longest app name a code message repeats; longer names are cut with an ellipsis. */
export const CODE_APP_NAME_MAX = 40;

/**
 * An app name as a code message may repeat it: anyone can create an app and name it, so the name carries
 * no links (schemes, www. and dotted host names are broken up), no control or formatting characters
 * (direction overrides included), no quotes that would end the quoting, and at most CODE_APP_NAME_MAX
 * characters.
 */
export function inertAppName(name: string): string {
  const plain = name
    .normalize("NFKC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/[a-z][a-z\d+.-]*:\/*/gi, " ")
    .replace(/\bwww\./gi, " ")
    .replace(/([\p{L}\p{N}])[.\u3002\uff0e\uff61]+(?=[\p{L}\p{N}])/gu, "$1 ")
    .replace(/[/\\@<>"“”«»`]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...plain];
  return chars.length > CODE_APP_NAME_MAX
    ? `${chars
        .slice(0, CODE_APP_NAME_MAX - 1)
        .join("")
        .trim()}…`
    : plain;
}

/**
 * The texts of a sign-in code: the code first, the app's name only inside quotes after the words that say
 * what the message is.
 */
export function codeTexts(appName: string, code: string): { subject: string; text: string } {
  const name = inertAppName(appName);
  const forApp = name ? ` for “${name}”` : "";
  return {
    subject: `Your sign-in code: ${code}${name ? ` (for “${name}”)` : ""}`,
    text: `Your sign-in code${forApp} is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
  };
}

/** The shared counter of the codes an app sent in the current hour. */
export const appCodeBudgetKey = (appId: string) => `mobile-codes:app:${appId}`;

// Salted with the row id: equal codes never share a hash. A 6-digit code cannot resist an offline search
// whatever the hash, but it dies within 10 minutes and after five wrong tries.
const codeHash = (id: string, code: string) => createHash("sha256").update(`${id}:${code}`).digest("hex");

/**
 * Serialises work on one address (two concurrent sends could otherwise both pass the limits). Advisory locks
 * live inside the transaction and work the same on PostgreSQL and PGlite.
 */
const lockIdentifier = (tx: Pick<Db, "execute">, id: Identifier) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${id.channel}:${id.value}`}))`);

/**
 * Sends a fresh code to an e-mail or phone: at most 5 per address per hour, 60 s apart, and at most 200 per
 * app per hour. The address limits count every app, so one address cannot be flooded through many apps;
 * the app budget keeps one app from mailing strangers in bulk. Only active apps get here (mobileApp).
 */
export async function sendCode(
  db: Db,
  appId: string,
  appName: string,
  identifier: Identifier,
  deps: CodeDeps,
): Promise<void> {
  const now = (deps.now ?? Date.now)();
  const code = String(randomInt(0, 10 ** CODE_LIMITS.digits)).padStart(CODE_LIMITS.digits, "0");
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await lockIdentifier(tx, identifier);
    const recent = await tx
      .select({ createdAt: endUserCodes.createdAt })
      .from(endUserCodes)
      .where(
        and(
          eq(endUserCodes.channel, identifier.channel),
          eq(endUserCodes.identifier, identifier.value),
          gt(endUserCodes.createdAt, new Date(now - 3_600_000)),
        ),
      )
      .orderBy(desc(endUserCodes.createdAt));
    if (recent[0] && now - recent[0].createdAt.getTime() < CODE_LIMITS.minMsBetweenSends)
      throw new MobileError("SendTooSoon");
    if (recent.length >= CODE_LIMITS.maxSendsPerHour) throw new MobileError("TooManySends");
    await tx.insert(endUserCodes).values({
      id,
      appId,
      channel: identifier.channel,
      identifier: identifier.value,
      codeHash: codeHash(id, code),
      createdAt: new Date(now),
      expiresAt: new Date(now + CODE_LIMITS.ttlMs),
    });
  });
  // The app's budget counts only codes that passed the address limits (refused sends would let anyone
  // spend it), outside the transaction because the counters may live elsewhere (Redis). A code over
  // budget is never sent, so it is removed and does not count against the address either.
  const budget = await deps.limits?.hit(appCodeBudgetKey(appId), 3_600_000);
  if (budget && budget.hits > CODE_LIMITS.maxSendsPerAppPerHour) {
    await db.delete(endUserCodes).where(eq(endUserCodes.id, id));
    throw new MobileError("AppSendBudget");
  }
  // Sent after the commit: the code counts against the limits even when delivery fails, so failures
  // cannot be used to send more than five an hour.
  const { subject, text } = codeTexts(appName, code);
  if (identifier.channel === "email") await deps.mailer.send({ to: identifier.value, subject, text });
  else
    await deps.sms.send({ to: identifier.value, text }).catch(() => {
      throw new MobileError("SmsFailed");
    });
}

export interface SignedIn {
  userId: string;
  /** Bearer token for this end user's own calls (profile, vehicles, sign-out). */
  token: string;
  profile: EndUserView;
}

/**
 * Checks a code: only the newest code of the address in this app can succeed, once, within 10 minutes,
 * and only until its fifth wrong try. On success the end user is found or created and a session opened.
 * `token` is the widget's session token, if it has one: the proof that `userId` is the caller's own record.
 */
export async function signInWithCode(
  db: Db,
  appId: string,
  identifier: Identifier,
  code: string,
  userId: string,
  now: () => number = Date.now,
  token?: string,
): Promise<SignedIn> {
  if (!code.trim()) throw new MobileError("CodeRequired");
  const t = now();
  const endUserId = await db.transaction(async (tx) => {
    await lockIdentifier(tx, identifier);
    const [latest] = await tx
      .select()
      .from(endUserCodes)
      .where(
        and(
          eq(endUserCodes.appId, appId),
          eq(endUserCodes.channel, identifier.channel),
          eq(endUserCodes.identifier, identifier.value),
        ),
      )
      .orderBy(desc(endUserCodes.createdAt))
      .limit(1);
    if (!latest || latest.usedAt) return "no_code" as const;
    if (latest.expiresAt.getTime() <= t) return "code_expired" as const;
    if (latest.attempts >= CODE_LIMITS.maxWrongTries) return "too_many_attempts" as const;
    const expected = Buffer.from(latest.codeHash, "hex");
    const given = Buffer.from(codeHash(latest.id, code.trim()), "hex");
    if (!timingSafeEqual(expected, given)) {
      await tx
        .update(endUserCodes)
        .set({ attempts: sql`${endUserCodes.attempts} + 1` })
        .where(eq(endUserCodes.id, latest.id));
      return "wrong_code" as const;
    }
    await tx
      .update(endUserCodes)
      .set({ usedAt: new Date(t) })
      .where(eq(endUserCodes.id, latest.id));
    return verifiedUser(tx as unknown as Db, appId, identifier, userId, token);
  });
  // Thrown outside the transaction so the counted wrong try is committed, not rolled back.
  if (isSignInFailure(endUserId)) {
    // The overview's sign-in failures by reason (issue 15); the widget cannot see why, the server can.
    await recordFact(db, { appId, name: "sign_in_failure", userId, key: endUserId });
    throw new MobileError(endUserId === "wrong_code" ? "WrongCode" : "CodeInvalid");
  }
  return openSession(db, endUserId);
}

const SIGN_IN_FAILURES = ["no_code", "code_expired", "too_many_attempts", "wrong_code"] as const;
const isSignInFailure = (v: unknown): v is (typeof SIGN_IN_FAILURES)[number] =>
  SIGN_IN_FAILURES.includes(v as (typeof SIGN_IN_FAILURES)[number]);

/**
 * The end user who owns a now-verified address. An existing verified owner wins (same person, new device).
 * Otherwise the address goes to the record `userId` names only when the caller proves that record is theirs
 * with its session token in this app (a signed-in user re-verifying a changed address): records are made
 * at sign-in only, so an existing one always belongs to someone, and knowing its id proves nothing. Without
 * that proof the address gets a new record, under the widget's id when no record has it.
 */
async function verifiedUser(
  db: Db,
  appId: string,
  identifier: Identifier,
  userId: string,
  token: string | undefined,
): Promise<string> {
  const byAddress =
    identifier.channel === "email"
      ? and(eq(endUsers.email, identifier.value), eq(endUsers.emailVerified, true))
      : and(eq(endUsers.phone, identifier.value), eq(endUsers.phoneVerified, true));
  const [owner] = await db
    .select({ id: endUsers.id })
    .from(endUsers)
    .where(and(eq(endUsers.appId, appId), byAddress));
  if (owner) return owner.id;
  const verified =
    identifier.channel === "email"
      ? { email: identifier.value, emailVerified: true }
      : { phone: identifier.value, phoneVerified: true };
  const [existing] = await db.select({ id: endUsers.id }).from(endUsers).where(eq(endUsers.id, userId));
  const proven = existing && token && (await tokenUserId(db, appId, token)) === userId;
  if (proven) {
    await db
      .update(endUsers)
      .set({ ...verified, updatedAt: new Date() })
      .where(eq(endUsers.id, userId));
    return userId;
  }
  const id = existing ? randomUUID() : userId;
  await db.insert(endUsers).values({ id, appId, ...verified });
  return id;
}

async function openSession(db: Db, endUserId: string): Promise<SignedIn> {
  const { token, tokenHash } = newToken();
  await db.insert(endUserSessions).values({ endUserId, tokenHash });
  const [user] = await db.select().from(endUsers).where(eq(endUsers.id, endUserId));
  return { userId: endUserId, token, profile: await endUserView(db, user) };
}

/** The id of the end user a live session token proves in this app, or undefined. */
async function tokenUserId(db: Db, appId: string, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: endUsers.id, appId: endUsers.appId })
    .from(endUserSessions)
    .innerJoin(endUsers, eq(endUsers.id, endUserSessions.endUserId))
    .where(and(eq(endUserSessions.tokenHash, hashToken(token)), isNull(endUserSessions.revokedAt)));
  return row?.appId === appId ? row.id : undefined;
}

/** The end user a bearer token proves, within this app; 401 otherwise. */
export async function userOfToken(db: Db, appId: string, token: string | undefined) {
  if (!token) throw new MobileError("UserTokenRequired");
  const [row] = await db
    .select({ user: endUsers })
    .from(endUserSessions)
    .innerJoin(endUsers, eq(endUsers.id, endUserSessions.endUserId))
    .where(and(eq(endUserSessions.tokenHash, hashToken(token)), isNull(endUserSessions.revokedAt)));
  if (!row || row.user.appId !== appId) throw new MobileError("UserTokenInvalid");
  return row.user;
}

/** Sign-in with a token the widget already holds: confirms it still proves `userId` in this app. */
export async function signInWithToken(
  db: Db,
  appId: string,
  token: string,
  userId: string,
): Promise<SignedIn> {
  const user = await userOfToken(db, appId, token);
  if (user.id !== userId) throw new MobileError("UserTokenInvalid");
  return { userId, token, profile: await endUserView(db, user) };
}

/** Ends the session of this token (idempotent: an unknown or absent token has nothing to end). */
export async function signOut(db: Db, appId: string, userId: string, token: string | undefined) {
  if (!token) return;
  const user = await userOfToken(db, appId, token).catch(() => undefined);
  if (!user || user.id !== userId) return;
  await db
    .update(endUserSessions)
    .set({ revokedAt: new Date() })
    .where(eq(endUserSessions.tokenHash, hashToken(token)));
}

import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import {
  DEFAULT_POINTS_PROGRAM,
  type PointsAccount,
  type PointsEarnInput,
  type PointsProgram,
  type PointsSpendInput,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { pointsBalances, pointsEntries, pointsPrograms } from "../db/schema-loyalty.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller } from "./apps.ts";
import { appUserOf } from "./loyalty-stamps.ts";

/**
 * The points ledger (Loyalty2). Every change of a balance happens in one transaction with the ledger row
 * that explains it, and every operation on a user's points takes that user's balance row lock first, so
 * operations on one user run one after the other and never deadlock (always the balance row, then entries).
 *
 * Expiry is lazy: an earning gets expiresAt = createdAt + expiryDays, and what is left of it once that
 * moment has passed is written off at the start of every read, earn and spend of that user, in the same
 * transaction, as an "expire" entry dated at the moment the points expired. Writing off sets the earning's
 * `remaining` to 0, so running it again (or concurrently, behind the lock) writes nothing twice. No job is
 * needed, and a balance is never shown with points that have already expired.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Who = { appId: string; endUserId: string };

const DAY_MS = 86_400_000;
const HISTORY_MAX = 100;

/** The app's program, or the default one (off) when it never set one up. */
export async function programOf(db: Db | Tx, appId: string): Promise<PointsProgram> {
  const [row] = await db
    .select({ config: pointsPrograms.config })
    .from(pointsPrograms)
    .where(eq(pointsPrograms.appId, appId));
  return row ? { ...DEFAULT_POINTS_PROGRAM, ...(row.config as PointsProgram) } : DEFAULT_POINTS_PROGRAM;
}

export async function getPointsProgram(db: Db, caller: Caller, appId: string): Promise<PointsProgram> {
  await appForCaller(db, caller, appId, "points.read");
  return programOf(db, appId);
}

export async function putPointsProgram(
  db: Db,
  caller: Caller,
  appId: string,
  input: PointsProgram,
): Promise<PointsProgram> {
  await appForCaller(db, caller, appId, "loyalty.manage");
  await db
    .insert(pointsPrograms)
    .values({ appId, config: input })
    .onConflictDoUpdate({ target: pointsPrograms.appId, set: { config: input, updatedAt: new Date() } });
  return programOf(db, appId);
}

const whereUser = (w: Who) => and(eq(pointsEntries.appId, w.appId), eq(pointsEntries.endUserId, w.endUserId));
const whereBalance = (w: Who) =>
  and(eq(pointsBalances.appId, w.appId), eq(pointsBalances.endUserId, w.endUserId));

/** Takes the user's balance row lock (creating the row when `create`); answers the balance, or null. */
async function lockBalance(tx: Tx, w: Who, create: boolean): Promise<number | null> {
  if (create) await tx.insert(pointsBalances).values(w).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: pointsBalances.balance })
    .from(pointsBalances)
    .where(whereBalance(w))
    .for("update");
  return row ? row.balance : null;
}

/** Writes off what is left of earnings expired by `now` (see the note at the top); answers the points. */
async function expireDue(tx: Tx, w: Who, now: Date): Promise<number> {
  const due = await tx
    .select({ id: pointsEntries.id, remaining: pointsEntries.remaining, expiresAt: pointsEntries.expiresAt })
    .from(pointsEntries)
    .where(
      and(
        whereUser(w),
        eq(pointsEntries.kind, "earn"),
        gt(pointsEntries.remaining, 0),
        isNotNull(pointsEntries.expiresAt),
        lte(pointsEntries.expiresAt, now),
      ),
    )
    .orderBy(asc(pointsEntries.expiresAt), asc(pointsEntries.id))
    .for("update");
  if (due.length === 0) return 0;
  const total = due.reduce((n, d) => n + d.remaining, 0);
  await tx
    .update(pointsEntries)
    .set({ remaining: 0 })
    .where(
      inArray(
        pointsEntries.id,
        due.map((d) => d.id),
      ),
    );
  await tx.insert(pointsEntries).values(
    due.map((d) => ({
      ...w,
      kind: "expire",
      amount: -d.remaining,
      remaining: 0,
      expiresAt: d.expiresAt,
      createdAt: d.expiresAt ?? now,
    })),
  );
  await tx
    .update(pointsBalances)
    .set({ balance: sql`greatest(${pointsBalances.balance} - ${total}, 0)`, updatedAt: now })
    .where(whereBalance(w));
  return total;
}

/** The account as the widget and the console show it, read inside the caller's transaction. */
async function accountOf(tx: Tx, w: Who, program: PointsProgram, now: Date): Promise<PointsAccount> {
  const [bal] = await tx
    .select({ balance: pointsBalances.balance })
    .from(pointsBalances)
    .where(whereBalance(w));
  const balance = bal?.balance ?? 0;
  const entries = await tx
    .select()
    .from(pointsEntries)
    .where(whereUser(w))
    .orderBy(desc(pointsEntries.createdAt), desc(pointsEntries.id))
    .limit(HISTORY_MAX);
  const pending = await tx
    .select({ remaining: pointsEntries.remaining, expiresAt: pointsEntries.expiresAt })
    .from(pointsEntries)
    .where(
      and(
        whereUser(w),
        eq(pointsEntries.kind, "earn"),
        gt(pointsEntries.remaining, 0),
        gt(pointsEntries.expiresAt, now),
      ),
    )
    .orderBy(asc(pointsEntries.expiresAt))
    .limit(1000);
  let nextExpiry: PointsAccount["nextExpiry"];
  if (pending[0]?.expiresAt) {
    // The soonest points to expire: everything expiring on the same UTC day as the first.
    const first = pending[0].expiresAt;
    const dayEnd = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate() + 1);
    const points = pending
      .filter((p) => (p.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) < dayEnd)
      .reduce((n, p) => n + p.remaining, 0);
    nextExpiry = { points, on: first.toISOString() };
  }
  const caps: PointsAccount["caps"] = {};
  if (program.dailyCap !== undefined) caps.daily = program.dailyCap;
  if (program.monthlyCap !== undefined) caps.monthly = program.monthlyCap;
  if (program.annualCap !== undefined) caps.annual = program.annualCap;
  if (program.maxPerVisit !== undefined) caps.maxPerVisit = program.maxPerVisit;
  if (program.balanceLimit !== undefined) caps.balanceLimit = program.balanceLimit;
  return {
    balance,
    value: Math.round(balance * program.conversionRate),
    conversionRate: program.conversionRate,
    ...(program.expiryDays !== undefined ? { expiryDays: program.expiryDays } : {}),
    ...(nextExpiry ? { nextExpiry } : {}),
    caps,
    history: entries.map((e) => ({
      id: e.id,
      kind: e.kind as "earn" | "spend" | "expire",
      amount: Math.abs(e.amount),
      createdAt: e.createdAt.toISOString(),
      ...(e.expiresAt ? { expiresAt: e.expiresAt.toISOString() } : {}),
      ...(e.note ? { note: e.note } : {}),
    })),
    milestones: program.milestones,
    rewards: program.rewards,
    ...(program.terms ? { terms: program.terms } : {}),
  };
}

/** A user's account after writing off what expired (the widget's own view and the console's). */
export async function readAccount(db: Db, w: Who, now = new Date()): Promise<PointsAccount> {
  const program = await programOf(db, w.appId);
  return db.transaction(async (tx) => {
    if ((await lockBalance(tx, w, false)) !== null) await expireDue(tx, w, now);
    return accountOf(tx, w, program, now);
  });
}

export async function pointsForConsole(
  db: Db,
  caller: Caller,
  appId: string,
  appUserId: string,
): Promise<PointsAccount> {
  await appForCaller(db, caller, appId, "points.read");
  await appUserOf(db, appId, appUserId);
  return readAccount(db, { appId, endUserId: appUserId });
}

/** The start of the current UTC day, month and year. */
function periodStarts(now: Date) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return {
    day: new Date(Date.UTC(y, m, now.getUTCDate())),
    month: new Date(Date.UTC(y, m, 1)),
    year: new Date(Date.UTC(y, 0, 1)),
  };
}

/**
 * Staff award points. Caps are checked against the earnings already in the ledger, behind the user's lock:
 * an earn that would pass a cap is refused with the cap and the amount still allowed, never trimmed.
 */
export async function earnPoints(
  db: Db,
  caller: Caller,
  appId: string,
  input: PointsEarnInput,
  now = new Date(),
): Promise<PointsAccount> {
  await appForCaller(db, caller, appId, "points.write");
  await appUserOf(db, appId, input.appUserId);
  const program = await programOf(db, appId);
  if (!program.enabled) throw new ApiError("PointsProgramDisabled");
  const w = { appId, endUserId: input.appUserId };
  // A refusal is returned rather than thrown so the transaction still commits the expiry it wrote off.
  const result = await db.transaction(async (tx): Promise<PointsAccount | ApiError> => {
    await lockBalance(tx, w, true);
    await expireDue(tx, w, now);
    const starts = periodStarts(now);
    const visitRef = input.visitRef ?? null;
    const [used] = await tx
      .select({
        day: sql<string>`coalesce(sum(${pointsEntries.amount}) filter (where ${pointsEntries.createdAt} >= ${starts.day.toISOString()}::timestamptz), 0)`,
        month: sql<string>`coalesce(sum(${pointsEntries.amount}) filter (where ${pointsEntries.createdAt} >= ${starts.month.toISOString()}::timestamptz), 0)`,
        year: sql<string>`coalesce(sum(${pointsEntries.amount}) filter (where ${pointsEntries.createdAt} >= ${starts.year.toISOString()}::timestamptz), 0)`,
        visit: sql<string>`coalesce(sum(${pointsEntries.amount}) filter (where ${pointsEntries.visitRef} = ${visitRef}::text), 0)`,
      })
      .from(pointsEntries)
      .where(and(whereUser(w), eq(pointsEntries.kind, "earn")));
    const checks: [cap: string, limit: number | undefined, used: number][] = [
      ["maxPerVisit", program.maxPerVisit, visitRef === null ? 0 : Number(used.visit)],
      ["daily", program.dailyCap, Number(used.day)],
      ["monthly", program.monthlyCap, Number(used.month)],
      ["annual", program.annualCap, Number(used.year)],
    ];
    for (const [cap, limit, sum] of checks)
      if (limit !== undefined && sum + input.amount > limit)
        return new ApiError("PointsCapReached", undefined, { cap, allowed: Math.max(0, limit - sum) });
    const [bal] = await tx
      .select({ balance: pointsBalances.balance })
      .from(pointsBalances)
      .where(whereBalance(w));
    if (program.balanceLimit !== undefined && bal.balance + input.amount > program.balanceLimit)
      return new ApiError("PointsBalanceLimit", undefined, {
        cap: "balanceLimit",
        allowed: Math.max(0, program.balanceLimit - bal.balance),
      });
    await tx.insert(pointsEntries).values({
      ...w,
      kind: "earn",
      amount: input.amount,
      remaining: input.amount,
      expiresAt: program.expiryDays ? new Date(now.getTime() + program.expiryDays * DAY_MS) : null,
      note: input.note ?? null,
      visitRef,
      createdBy: caller.id,
      createdAt: now,
    });
    await tx
      .update(pointsBalances)
      .set({ balance: sql`${pointsBalances.balance} + ${input.amount}`, updatedAt: now })
      .where(whereBalance(w));
    return accountOf(tx, w, program, now);
  });
  if (result instanceof ApiError) throw result;
  return result;
}

/**
 * Staff redeem points. The balance changes in ONE conditional UPDATE (`balance >= amount`) in the same
 * transaction as the ledger row, so no interleaving of spends can take a balance below zero (and the
 * table's CHECK would refuse it anyway); the points are taken from the oldest earnings' `remaining` first.
 */
export async function spendPoints(
  db: Db,
  caller: Caller,
  appId: string,
  input: PointsSpendInput,
  now = new Date(),
): Promise<PointsAccount> {
  await appForCaller(db, caller, appId, "points.write");
  await appUserOf(db, appId, input.appUserId);
  const program = await programOf(db, appId);
  if (!program.enabled) throw new ApiError("PointsProgramDisabled");
  const reward = input.rewardId ? program.rewards.find((r) => r.id === input.rewardId) : undefined;
  if (input.rewardId && !reward) throw new ApiError("PointsRewardNotFound");
  const w = { appId, endUserId: input.appUserId };
  // A refusal is returned rather than thrown so the transaction still commits the expiry it wrote off.
  const result = await db.transaction(async (tx): Promise<PointsAccount | ApiError> => {
    await lockBalance(tx, w, true);
    await expireDue(tx, w, now);
    const taken = await tx
      .update(pointsBalances)
      .set({ balance: sql`${pointsBalances.balance} - ${input.amount}`, updatedAt: now })
      .where(and(whereBalance(w), gte(pointsBalances.balance, input.amount)))
      .returning({ balance: pointsBalances.balance });
    if (taken.length === 0) return new ApiError("PointsInsufficient");
    const open = await tx
      .select({ id: pointsEntries.id, remaining: pointsEntries.remaining })
      .from(pointsEntries)
      .where(and(whereUser(w), eq(pointsEntries.kind, "earn"), gt(pointsEntries.remaining, 0)))
      .orderBy(asc(pointsEntries.createdAt), asc(pointsEntries.id))
      .for("update");
    let left = input.amount;
    for (const entry of open) {
      if (left === 0) break;
      const take = Math.min(left, entry.remaining);
      left -= take;
      await tx
        .update(pointsEntries)
        .set({ remaining: entry.remaining - take })
        .where(eq(pointsEntries.id, entry.id));
    }
    await tx.insert(pointsEntries).values({
      ...w,
      kind: "spend",
      amount: -input.amount,
      remaining: 0,
      note: input.note ?? reward?.title ?? null,
      createdBy: caller.id,
      createdAt: now,
    });
    return accountOf(tx, w, program, now);
  });
  if (result instanceof ApiError) throw result;
  return result;
}

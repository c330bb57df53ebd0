import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { accountTokens } from "../db/schema.ts";
import { hashToken, newToken } from "../services/secrets.ts";

export type TokenKind = "confirm-email" | "reset-password" | "invitation" | "unlock";

const HOUR = 3600 * 1000;
/** Short for password resets (a mailbox may be read by others later), longer where the stakes are lower. */
const lifetimes: Record<TokenKind, number> = {
  "confirm-email": 72 * HOUR,
  "reset-password": 1 * HOUR,
  invitation: 14 * 24 * HOUR,
  // Sign-in for the owner of an account locked by failed sign-ins (signInWithUnlock, ops/accounts.ts).
  unlock: 1 * HOUR,
};

export type TokenRow = typeof accountTokens.$inferSelect;

/** Issues a single-use token; only its hash is stored. Returns the token and the row id. */
export async function issueToken(
  db: Db,
  kind: TokenKind,
  email: string,
  opts: { userId?: string; payload?: Record<string, unknown> } = {},
): Promise<{ token: string; id: string }> {
  const { token, tokenHash } = newToken();
  const [row] = await db
    .insert(accountTokens)
    .values({
      kind,
      tokenHash,
      email,
      userId: opts.userId ?? null,
      payload: opts.payload ?? {},
      expiresAt: new Date(Date.now() + lifetimes[kind]),
    })
    .returning({ id: accountTokens.id });
  return { token, id: row.id };
}

/**
 * Uses a token up: one UPDATE that only matches an unused, unexpired token of this kind, so two requests
 * racing with the same link cannot both succeed. Returns null when the token is not usable.
 */
export async function consumeToken(db: Db, kind: TokenKind, token: string): Promise<TokenRow | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** Pending (unused, unexpired) tokens of a kind for an e-mail address. */
export function pendingTokens(db: Db, kind: TokenKind, email: string): Promise<TokenRow[]> {
  return db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.kind, kind),
        eq(accountTokens.email, email),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    );
}

/** A usable (unused, unexpired) token of a kind, without using it up. */
export async function usableToken(db: Db, kind: TokenKind, token: string): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/**
 * Uses up every pending token of these kinds for a user: after a password change, links mailed before it
 * (password resets, unlocks) no longer work.
 */
export async function retireTokens(db: Db, userId: string, kinds: TokenKind[]): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(accountTokens.userId, userId), inArray(accountTokens.kind, kinds), isNull(accountTokens.usedAt)),
    );
}

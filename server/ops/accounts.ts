import { and, eq, isNull } from "drizzle-orm";
import type { Me, SignIn, SignUp } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { sessions, users } from "../db/schema.ts";
import { ApiError } from "../errors.ts";
import { hashPassword, hashToken, newToken, verifyPassword } from "../services/secrets.ts";

type UserRow = typeof users.$inferSelect;

export const toMe = (u: UserRow): Me => ({
  id: u.id,
  name: u.name,
  email: u.email,
  type: u.type as Me["type"],
  portalUrl: u.portalUrl,
});

export async function signUp(db: Db, input: SignUp, type: Me["type"] = "User"): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new ApiError("EmailTaken");
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(input.password),
      name: input.name?.trim() ?? "",
      portalUrl: input.portalUrl || null,
      type,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError("EmailTaken"); // lost a race with a concurrent sign-up
  return row;
}

/** A dummy hash so unknown e-mails cost the same time as wrong passwords (no account probing by timing). */
let dummyHash: Promise<string> | undefined;

export async function signIn(db: Db, input: SignIn): Promise<string> {
  const email = input.email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  dummyHash ??= hashPassword("not-a-real-password");
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !ok) throw new ApiError("InvalidCredentials");
  return createSession(db, user.id);
}

export async function createSession(db: Db, userId: string): Promise<string> {
  const { token, tokenHash } = newToken();
  await db.insert(sessions).values({ userId, tokenHash });
  return token;
}

/** The user behind a bearer token, or null when the token is unknown or revoked. */
export async function userForToken(db: Db, token: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
  return row?.user ?? null;
}

export async function signOut(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { IntegrationKey, IntegrationKeyCreated } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { dealerIntegrationKeys } from "../db/schema-dealer.ts";
import { ApiError } from "../errors.ts";
import type { Caller } from "../permissions.ts";
import { appForCaller, UUID } from "./apps.ts";

/** The header a dealer's system sends its key in. */
export const INTEGRATION_KEY_HEADER = "x-integration-key";

const hash = (key: string) => createHash("sha256").update(key).digest("hex");
type KeyRow = typeof dealerIntegrationKeys.$inferSelect;

const view = (r: KeyRow): IntegrationKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.createdAt.toISOString(),
  ...(r.lastUsedAt ? { lastUsedAt: r.lastUsedAt.toISOString() } : {}),
  ...(r.revokedAt ? { revokedAt: r.revokedAt.toISOString() } : {}),
});

/** GET /apps/{appId}/integration-keys: newest first, revoked ones included (marked). */
export async function listIntegrationKeys(db: Db, caller: Caller, appId: string): Promise<IntegrationKey[]> {
  await appForCaller(db, caller, appId, "integrationKeys.manage");
  const rows = await db
    .select()
    .from(dealerIntegrationKeys)
    .where(eq(dealerIntegrationKeys.appId, appId))
    .orderBy(desc(dealerIntegrationKeys.createdAt));
  return rows.map(view);
}

/** POST /apps/{appId}/integration-keys: a new key, shown this once (only its SHA-256 is kept). */
export async function createIntegrationKey(
  db: Db,
  caller: Caller,
  appId: string,
  name: string,
): Promise<IntegrationKeyCreated> {
  await appForCaller(db, caller, appId, "integrationKeys.manage");
  const key = `bak_${randomBytes(24).toString("base64url")}`;
  const [row] = await db
    .insert(dealerIntegrationKeys)
    .values({ appId, name: name.trim(), prefix: key.slice(0, 10), keyHash: hash(key), createdBy: caller.id })
    .returning();
  return { ...view(row), key };
}

/** DELETE /apps/{appId}/integration-keys/{id}: revokes the key (kept in the list as revoked). */
export async function revokeIntegrationKey(db: Db, caller: Caller, appId: string, id: string): Promise<void> {
  await appForCaller(db, caller, appId, "integrationKeys.manage");
  if (!UUID.test(id)) throw new ApiError("IntegrationKeyNotFound");
  const [row] = await db
    .update(dealerIntegrationKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(dealerIntegrationKeys.appId, appId),
        eq(dealerIntegrationKeys.id, id.toLowerCase()),
        isNull(dealerIntegrationKeys.revokedAt),
      ),
    )
    .returning();
  if (!row) throw new ApiError("IntegrationKeyNotFound");
}

/** The app a live key belongs to, else 401 IntegrationKeyInvalid. */
export async function appOfIntegrationKey(db: Db, key: string | undefined): Promise<string> {
  if (!key || key.length > 200) throw new ApiError("IntegrationKeyInvalid");
  const [row] = await db
    .update(dealerIntegrationKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(dealerIntegrationKeys.keyHash, hash(key.trim())), isNull(dealerIntegrationKeys.revokedAt)))
    .returning({ appId: dealerIntegrationKeys.appId });
  if (!row) throw new ApiError("IntegrationKeyInvalid");
  return row.appId;
}

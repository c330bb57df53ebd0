import { asc, eq } from "drizzle-orm";
import { toE164 } from "../../core/phone.ts";
import type { EndUserProfile, EndUserProfileUpdate, Vehicle } from "../../schemas/index.ts";
import { messages } from "../../schemas/messages.ts";
import type { Db } from "../db/connect.ts";
import { endUsers, endUserVehicles } from "../db/schema-mobile.ts";
import { ApiError } from "../errors.ts";

type EndUserRow = typeof endUsers.$inferSelect;

/** What the widget sees of an end user: the profile of spec §3 plus id and vehicles. */
export type EndUserView = EndUserProfile & { id: string; vehicles: Vehicle[] };

/**
 * A phone as stored and compared, in sign-in and in the profile alike: E.164 (core/phone.ts, national
 * numbers read as North American), or a 400 on `field` with the phone message.
 */
export function phoneOrRefuse(input: string, field = "/phone"): string {
  const e164 = toE164(input);
  if (!e164) throw new ApiError("Validation", messages.phone, [{ path: field, message: messages.phone }]);
  return e164;
}

const orUndefined = <T>(v: T | null) => (v === null ? undefined : v);

export async function endUserView(db: Db, user: EndUserRow): Promise<EndUserView> {
  return {
    id: user.id,
    name: orUndefined(user.name),
    company: orUndefined(user.company),
    phone: orUndefined(user.phone),
    email: orUndefined(user.email),
    dateOfBirth: orUndefined(user.dateOfBirth),
    address: orUndefined(user.address),
    emailVerified: user.emailVerified,
    phoneVerified: user.phoneVerified,
    vehicles: await vehiclesOf(db, user.id),
  };
}

async function vehiclesOf(db: Db, endUserId: string): Promise<Vehicle[]> {
  const rows = await db
    .select()
    .from(endUserVehicles)
    .where(eq(endUserVehicles.endUserId, endUserId))
    .orderBy(asc(endUserVehicles.position));
  return rows.map(({ unit, year, make, model, vin, mileage }) =>
    Object.fromEntries(
      Object.entries({ unit, year, make, model, vin, mileage }).filter(([, v]) => v !== null),
    ),
  ) as Vehicle[];
}

/**
 * Saves the editable profile. Changing the e-mail or phone drops its verified flag: verification belongs to
 * the address that received the code, not to whatever is typed later.
 */
export async function updateEndUser(
  db: Db,
  user: EndUserRow,
  input: EndUserProfileUpdate,
): Promise<EndUserView> {
  const next = {
    name: input.name ?? null,
    company: input.company ?? null,
    phone: input.phone?.trim() ? phoneOrRefuse(input.phone) : null,
    email: input.email?.trim() ? input.email.trim().toLowerCase() : null,
    dateOfBirth: input.dateOfBirth ?? null,
    address: input.address ?? null,
  };
  const [row] = await db
    .update(endUsers)
    .set({
      ...next,
      emailVerified: user.emailVerified && next.email === user.email,
      phoneVerified: user.phoneVerified && next.phone === user.phone,
      updatedAt: new Date(),
    })
    .where(eq(endUsers.id, user.id))
    .returning();
  return endUserView(db, row);
}

/** Replaces the end user's vehicles with this list, in order. */
export async function setVehicles(db: Db, user: EndUserRow, vehicles: Vehicle[]): Promise<Vehicle[]> {
  await db.transaction(async (tx) => {
    await tx.delete(endUserVehicles).where(eq(endUserVehicles.endUserId, user.id));
    if (vehicles.length)
      await tx
        .insert(endUserVehicles)
        .values(vehicles.map((v, position) => ({ ...v, endUserId: user.id, position })));
  });
  return vehiclesOf(db, user.id);
}

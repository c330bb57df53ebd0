import type { FastifyInstance } from "fastify";
import { offerApps, offers, personalizedSpecials } from "../db/schema-offers.ts";

export interface TestOfferFields {
  kind?: "coupon" | "event";
  title?: string;
  from?: Date;
  to?: Date;
  personalized?: boolean;
  oncePerUser?: boolean;
  /** The apps that show it; the first one owns it. */
  apps: string[];
}

/** An offer made directly in the database (tests of calls that use offers, not of offer editing). */
export async function insertOffer(app: FastifyInstance, fields: TestOfferFields): Promise<string> {
  const db = app.database.db;
  const [row] = await db
    .insert(offers)
    .values({
      kind: fields.kind ?? "coupon",
      ownerAppId: fields.apps[0],
      title: fields.title ?? `Special ${Math.random().toString(36).slice(2, 8)}`,
      startsAt: fields.from ?? null,
      endsAt: fields.to ?? null,
      personalized: fields.personalized ?? false,
      oncePerUser: fields.oncePerUser ?? true,
    })
    .returning({ id: offers.id });
  await db
    .insert(offerApps)
    .values(fields.apps.map((appId, position) => ({ offerId: row.id, appId, position })));
  return row.id;
}

/** Assigns a personalized offer to an end user directly in the database; returns the special's id. */
export async function assignOffer(
  app: FastifyInstance,
  appId: string,
  offerId: string,
  endUserId: string,
): Promise<string> {
  const [row] = await app.database.db
    .insert(personalizedSpecials)
    .values({ appId, offerId, endUserId })
    .returning({ id: personalizedSpecials.id });
  return row.id;
}

import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { addDocument } from "../ops/documents.ts";

/** Test fixtures of dealer data (issue 16), written straight to the database. */

const hex = (n: number) => randomBytes(n).toString("hex").toUpperCase();
/** A random valid VIN (hex digits only: never I, O or Q). */
export const randomVin = () => `1FT${hex(7)}`;

/** A live integration key of the app; returns the key to send. */
export async function fixtureIntegrationKey(app: FastifyInstance, appId: string): Promise<string> {
  const key = `bak_${randomBytes(24).toString("base64url")}`;
  await app.database.execute(
    "insert into dealer_integration_keys (app_id, name, prefix, key_hash) values ($1, 'Fixture', $2, $3)",
    [appId, key.slice(0, 10), createHash("sha256").update(key).digest("hex")],
  );
  return key;
}

/** A fresh record of one kind in the app; returns its id. */
export async function fixtureDealerRecord(
  app: FastifyInstance,
  appId: string,
  kind: "inventory" | "repair-orders" | "deals" | "service-contracts",
): Promise<string> {
  const n = hex(4);
  const sql = {
    inventory:
      "insert into dealer_vehicles (app_id, vin, make, model, year, price) values ($1, $2, 'Ford', 'Escape', 2022, 21000) returning id",
    "repair-orders":
      "insert into dealer_repair_orders (app_id, ro_number, date) values ($1, $2, '2026-11-01') returning id",
    deals: "insert into dealer_deals (app_id, deal_number, date) values ($1, $2, '2026-11-01') returning id",
    "service-contracts":
      "insert into dealer_service_contracts (app_id, contract_number, product) values ($1, $2, 'Service plan') returning id",
  }[kind];
  const { rows } = await app.database.execute(sql, [appId, kind === "inventory" ? randomVin() : `X-${n}`]);
  return rows[0].id;
}

/** A fresh glovebox document (a PNG) of an end user; returns its id. */
export async function fixtureDocument(
  app: FastifyInstance,
  appId: string,
  endUserId: string,
  png: Buffer,
): Promise<string> {
  const doc = await addDocument(
    app.database.db,
    app.storage,
    appId,
    endUserId,
    { kind: "registration" },
    png,
  );
  return doc.id;
}

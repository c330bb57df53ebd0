import type { FastifyInstance } from "fastify";

/** A Loyalty feature for fixtures (the counter code is a fixture's, never a real app's). */
export const FIXTURE_LOYALTY_FEATURE = {
  id: "9b2f7c1e-2a51-4d0b-8f1e-00000000f0b1",
  type: "Loyalty",
  title: "Stamp club",
  description: "A free wash after four visits.",
  stampNumber: 4,
  code: "FIXTURE42",
};

/** Puts the fixture Loyalty feature into an app's definition when a save replaced its features. */
export async function ensureLoyaltyFeature(app: FastifyInstance, appId: string) {
  await app.database.execute(
    `update apps set definition = jsonb_set(definition, '{features}',
       coalesce(definition->'features', '[]'::jsonb) || $2::jsonb)
     where id = $1 and not coalesce(definition->'features' @> $3::jsonb, false)`,
    [appId, JSON.stringify([FIXTURE_LOYALTY_FEATURE]), JSON.stringify([{ id: FIXTURE_LOYALTY_FEATURE.id }])],
  );
}

/** Turns an app's points program on (no caps, no expiry). */
export async function enablePoints(app: FastifyInstance, appId: string) {
  const config = { enabled: true, conversionRate: 1, milestones: [], rewards: [] };
  await app.database.execute(
    `insert into points_programs (app_id, config) values ($1, $2::jsonb)
     on conflict (app_id) do update set config = excluded.config`,
    [appId, JSON.stringify(config)],
  );
}

/** An earning written straight into the ledger, with its balance. */
export async function givePoints(app: FastifyInstance, appId: string, endUserId: string, amount: number) {
  await app.database.execute(
    `insert into points_entries (app_id, end_user_id, kind, amount, remaining) values ($1, $2, 'earn', $3, $3)`,
    [appId, endUserId, amount],
  );
  await app.database.execute(
    `insert into points_balances (app_id, end_user_id, balance) values ($1, $2, $3)
     on conflict (app_id, end_user_id) do update set balance = points_balances.balance + excluded.balance`,
    [appId, endUserId, amount],
  );
}

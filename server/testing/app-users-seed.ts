import { createHash } from "node:crypto";
import type { Database } from "../db/connect.ts";

/**
 * A large, deterministic population of one app's end users for the customers search's correctness test and
 * its bench (issue 14: 100,000 users). Everything is made by a few INSERT ... SELECT over generate_series in
 * the database, so 100,000 users with their vehicles take seconds; `seededUser(i)` computes the same user in
 * JavaScript, so a test knows exactly whom a search must find.
 *
 * User i (1-based): name FIRST[i % 40] LAST[(i * 7) % 50], e-mail first.last.i@DOMAIN[i % 5], phone
 * +1 (200..999) digits from (i * 7919) mod 8e9, created i minutes after 2025-01-01; vehicle 0 MAKE_MODEL[i % 20]
 * of year 1995 + i % 31 with a VIN from md5('vin' || i); every third user also has vehicle 1
 * MAKE_MODEL[(i + 7) % 20] of year 2000 + i % 26 without a VIN; every other user has a session (signed in) and
 * every tenth a push subscription.
 */

// biome-ignore format: a table
export const FIRST = [
  "Ann", "Bob", "Carla", "Dan", "Eve", "Frank", "Grace", "Hank", "Ivy", "Jack",
  "Kara", "Leo", "Mia", "Nate", "Olga", "Paul", "Quinn", "Rosa", "Sam", "Tina",
  "Uma", "Vic", "Wendy", "Xavier", "Yara", "Zane", "Andrés", "Björn", "Chloé", "Dmitri",
  "Elif", "Fatima", "Giulia", "Hiro", "Ines", "Jonas", "Kofi", "Lena", "Mateo", "Noor",
] as const;

// biome-ignore format: a table
export const LAST = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
  "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "O'Neil",
] as const;

export const DOMAINS = [
  "example.com",
  "mail.example",
  "dealer.example",
  "inbox.example",
  "post.example",
] as const;

// biome-ignore format: a table
export const MAKE_MODELS = [
  ["Toyota", "Camry"], ["Toyota", "RAV4"], ["Honda", "Civic"], ["Honda", "Accord"], ["Ford", "F-150"],
  ["Ford", "Escape"], ["Chevrolet", "Silverado"], ["Chevrolet", "Malibu"], ["Nissan", "Altima"], ["Nissan", "Rogue"],
  ["Subaru", "Outback"], ["Subaru", "Forester"], ["Hyundai", "Elantra"], ["Kia", "Sorento"], ["Mazda", "CX-5"],
  ["Jeep", "Wrangler"], ["BMW", "X5"], ["Mercedes-Benz", "C-Class"], ["Volkswagen", "Jetta"], ["Tesla", "Model 3"],
] as const;

const EPOCH = Date.UTC(2025, 0, 1);

/** md5 as a UUID, as PostgreSQL's md5(text)::uuid writes it. */
const md5uuid = (text: string) => {
  const h = createHash("md5").update(text).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export interface SeededUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
  vehicles: { make: string; model: string; year: number; vin?: string }[];
  signedIn: boolean;
  hasPush: boolean;
}

/** User i of an app seeded with `seedAppUsers(database, appId, n)` (1 <= i <= n). */
export function seededUser(appId: string, i: number): SeededUser {
  const first = FIRST[i % FIRST.length];
  const last = LAST[(i * 7) % LAST.length];
  const [make, model] = MAKE_MODELS[i % MAKE_MODELS.length];
  const vehicles: SeededUser["vehicles"] = [
    {
      make,
      model,
      year: 1995 + (i % 31),
      vin: createHash("md5").update(`vin${i}`).digest("hex").slice(0, 17).toUpperCase(),
    },
  ];
  if (i % 3 === 0) {
    const [make2, model2] = MAKE_MODELS[(i + 7) % MAKE_MODELS.length];
    vehicles.push({ make: make2, model: model2, year: 2000 + (i % 26) });
  }
  return {
    id: md5uuid(`${appId}:user:${i}`),
    name: `${first} ${last}`,
    email: `${first}.${last}.${i}@${DOMAINS[i % DOMAINS.length]}`.toLowerCase(),
    phone: `+1${2_000_000_000 + ((i * 7919) % 8_000_000_000)}`,
    createdAt: new Date(EPOCH + i * 60_000).toISOString(),
    vehicles,
    signedIn: i % 2 === 0,
    hasPush: i % 10 === 0,
  };
}

const textArray = (xs: readonly string[]) =>
  `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(", ")}]`;

/**
 * Inserts users 1..n of `appId` (see seededUser) in bulk and vacuums and analyzes the tables. Takes the
 * database of the app (PGlite or PostgreSQL).
 */
export async function seedAppUsers(database: Database, appId: string, n: number): Promise<void> {
  const first = textArray(FIRST);
  const last = textArray(LAST);
  const domains = textArray(DOMAINS);
  const makes = textArray(MAKE_MODELS.map((m) => m[0]));
  const models = textArray(MAKE_MODELS.map((m) => m[1]));
  if (!/^[0-9a-f-]{36}$/i.test(appId)) throw new Error(`not an app id: ${appId}`);
  const app = `'${appId}'`;
  const ids = `md5(${app} || ':user:' || i)::uuid`;
  await database.execute(
    `insert into end_users (id, app_id, name, email, phone, email_verified, created_at, updated_at)
     select ${ids}, ${app}::uuid,
       (${first})[i % ${FIRST.length} + 1] || ' ' || (${last})[(i * 7) % ${LAST.length} + 1],
       lower((${first})[i % ${FIRST.length} + 1] || '.' || (${last})[(i * 7) % ${LAST.length} + 1] || '.' || i
         || '@' || (${domains})[i % ${DOMAINS.length} + 1]),
       '+1' || (2000000000 + (i::bigint * 7919) % 8000000000)::text,
       true,
       timestamptz '2025-01-01 00:00:00+00' + i * interval '1 minute',
       timestamptz '2025-01-01 00:00:00+00' + i * interval '1 minute'
     from generate_series(1, $1::int) i`,
    [n],
  );
  await database.execute(
    `insert into end_user_vehicles (end_user_id, position, make, model, year, vin)
     select ${ids}, 0, (${makes})[i % ${MAKE_MODELS.length} + 1], (${models})[i % ${MAKE_MODELS.length} + 1],
       1995 + i % 31, upper(substr(md5('vin' || i), 1, 17))
     from generate_series(1, $1::int) i
     union all
     select ${ids}, 1, (${makes})[(i + 7) % ${MAKE_MODELS.length} + 1], (${models})[(i + 7) % ${MAKE_MODELS.length} + 1],
       2000 + i % 26, null
     from generate_series(3, $1::int, 3) i`,
    [n],
  );
  await database.execute(
    `insert into end_user_sessions (end_user_id, token_hash, created_at)
     select ${ids}, md5(${app} || ':session:' || i), timestamptz '2025-06-01 00:00:00+00' + i * interval '1 minute'
     from generate_series(2, $1::int, 2) i`,
    [n],
  );
  await database.execute(
    `insert into push_subscriptions (app_id, user_id, platform, token)
     select ${app}::uuid, (${ids})::text, 'Web', 'seed-token-' || ${app} || '-' || i
     from generate_series(10, $1::int, 10) i`,
    [n],
  );
  // As autovacuum would leave them on a running server: statistics for the planner, and (on PostgreSQL) the
  // visibility map that lets counts be answered from the indexes. PGlite's vacuum of the fresh trigram
  // indexes takes minutes in one process, so there the statistics alone.
  const command = database.engine === "postgres" ? "vacuum analyze" : "analyze";
  for (const table of ["end_users", "end_user_vehicles", "end_user_sessions", "push_subscriptions"])
    await database.execute(`${command} ${table}`);
}

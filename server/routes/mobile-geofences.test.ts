import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { geofenceDelayedJob } from "../jobs/geofence-delayed.ts";
import type { JobContext } from "../jobs/types.ts";
import {
  type DelayQueue,
  delayKey,
  enterGeofence,
  GEOFENCE_DELAYED_JOB,
} from "../ops/geofence-completions.ts";
import {
  call,
  runDueJobs,
  type TestEndUser,
  testApp,
  testAppOf,
  testEndUser,
  testUser,
} from "../test-helpers.ts";

let app: FastifyInstance;
let appA: string;
let appB: string;
let signed: TestEndUser;

beforeAll(async () => {
  app = await testApp();
  const owner = await testUser(app);
  appA = await testAppOf(app, owner, "Fence Motors");
  appB = await testAppOf(app, owner, "Other Motors");
  signed = await testEndUser(app, appA);
});
afterAll(() => app.close());

interface FenceFields {
  apps?: string[];
  radius?: number;
  radiusUnit?: string;
  silent?: boolean;
  startsAt?: string;
  endsAt?: string;
  recurrenceType?: string;
  delayedMessage?: string;
  delayMinutes?: number;
  filters?: object;
  ctaText?: string;
  ctaLink?: string;
}

/** A geofence around (40, -75) in the given apps (app A by default). */
async function fence(f: FenceFields = {}): Promise<string> {
  const { rows } = await app.database.execute(
    `insert into geofences (owner_app_id, name, message, silent, lat, lng, radius, radius_unit, starts_at, ends_at,
       recurrence_type, delayed_message, delay_minutes, filters, cta_text, cta_link)
     values ($1, 'Showroom', 'Welcome to the showroom', $2, 40, -75, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12)
     returning id`,
    [
      (f.apps ?? [appA])[0],
      f.silent ?? false,
      f.radius ?? 1,
      f.radiusUnit ?? "km",
      f.startsAt ?? null,
      f.endsAt ?? null,
      f.recurrenceType ?? null,
      f.delayedMessage ?? null,
      f.delayMinutes ?? null,
      JSON.stringify(f.filters ?? {}),
      f.ctaText ?? null,
      f.ctaLink ?? null,
    ],
  );
  const id = (rows[0] as { id: string }).id;
  for (const a of f.apps ?? [appA])
    await app.database.execute("insert into geofence_apps (geofence_id, app_id) values ($1, $2)", [id, a]);
  return id;
}

/** About 1.3 km north of the centre (0.0117° of latitude). */
const NEAR = { lat: 40.0117, lng: -75 };

const enter = (geofenceId: string, body: object, headers: Record<string, string> = { "x-app": appA }) =>
  call(app, { method: "POST", url: `/api/mobile/geofences/${geofenceId}/enter`, headers, payload: body });

const inboxOf = async (userId: string, appId = appA) => {
  const { rows } = await app.database.execute(
    "select message, path, geofence_id from end_user_notifications where app_id = $1 and user_id = $2 order by created_at",
    [appId, userId],
  );
  return rows as { message: string; path: string | null; geofence_id: string }[];
};

const signals = async (userId: string) => {
  const { rows } = await app.database.execute(
    "select name, data from analytics_events where app_id = $1 and user_id = $2",
    [appA, userId],
  );
  return rows as { name: string; data: { geofenceId?: string } }[];
};

describe("POST /mobile/geofences/{geofenceId}/enter", () => {
  it("delivers once per user: the message, the inbox entry and the geofence signal", async () => {
    const id = await fence({ ctaText: "Book now", ctaLink: "https://example.com/book" });
    const user = randomUUID();
    const first = await enter(id, { userId: user, lat: 40.001, lng: -75.001 });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      message: "Welcome to the showroom",
      callToAction: { text: "Book now", link: "https://example.com/book" },
      delivered: true,
      silent: false,
    });
    const again = await enter(id, { userId: user, lat: 40, lng: -75 });
    expect(again.body.data.delivered).toBe(false);
    expect(await inboxOf(user)).toEqual([
      { message: "Welcome to the showroom", path: "https://example.com/book", geofence_id: id },
    ]);
    expect(await signals(user)).toEqual([{ name: "geofence", data: { geofenceId: id, title: "Showroom" } }]);
    // Another user gets their own.
    expect((await enter(id, { userId: randomUUID(), lat: 40, lng: -75 })).body.data.delivered).toBe(true);
  });

  it("records concurrent entries of one user once", async () => {
    const id = await fence();
    const user = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => enter(id, { userId: user, lat: 40, lng: -75 })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.data.delivered)).toHaveLength(1);
    expect(await inboxOf(user)).toHaveLength(1);
    expect(await signals(user)).toHaveLength(1);
  });

  it("measures the radius in its unit: 1.3 km is inside 1 mi and 1 nmi, outside 1 km", async () => {
    const km = await fence({ radius: 1, radiusUnit: "km" });
    const mi = await fence({ radius: 1, radiusUnit: "mi" });
    const nmi = await fence({ radius: 1, radiusUnit: "nmi" });
    const user = randomUUID();
    const out = await enter(km, { userId: user, ...NEAR });
    expect(out.status).toBe(422);
    expect(out.body.error).toMatchObject({
      code: "GeofenceOutside",
      message: "This location is outside the geofence",
    });
    expect((await enter(mi, { userId: user, ...NEAR })).body.data.delivered).toBe(true);
    expect((await enter(nmi, { userId: user, ...NEAR })).body.data.delivered).toBe(true);
    expect((await inboxOf(user)).map((n) => n.geofence_id).sort()).toEqual([mi, nmi].sort());
  });

  it("refuses a geofence that has ended or not started (409) and records nothing", async () => {
    const ended = await fence({ startsAt: "2020-01-01T00:00:00Z", endsAt: "2020-02-01T00:00:00Z" });
    const later = await fence({ startsAt: "2099-01-01T00:00:00Z", endsAt: "2099-02-01T00:00:00Z" });
    const user = randomUUID();
    for (const id of [ended, later]) {
      const res = await enter(id, { userId: user, lat: 40, lng: -75 });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: "GeofenceNotActive",
        message: "This geofence is not active now",
      });
    }
    expect(await inboxOf(user)).toEqual([]);
    expect(await signals(user)).toEqual([]);
  });

  it("only runs a geofence in its own apps: another app's X-App is 404 and writes nothing", async () => {
    const onlyB = await fence({ apps: [appB] });
    const user = randomUUID();
    const res = await enter(onlyB, { userId: user, lat: 40, lng: -75 });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("GeofenceNotFound");
    expect((await enter(randomUUID(), { userId: user, lat: 40, lng: -75 })).status).toBe(404);
    expect(await inboxOf(user)).toEqual([]);
    expect(await inboxOf(user, appB)).toEqual([]);
    const inB = await enter(onlyB, { userId: user, lat: 40, lng: -75 }, { "x-app": appB });
    expect(inB.body.data.delivered).toBe(true);
    expect(await inboxOf(user, appB)).toHaveLength(1);
  });

  it("needs a signed-in user's own token; another user's or app's token is 401", async () => {
    const id = await fence();
    const other = await testEndUser(app, appA);
    const elsewhere = await testEndUser(app, appB);
    const body = { userId: signed.id, lat: 40, lng: -75 };
    expect((await enter(id, body)).status).toBe(401);
    expect((await enter(id, body, { "x-app": appA, authorization: `Bearer ${other.token}` })).status).toBe(
      401,
    );
    expect(
      (await enter(id, body, { "x-app": appA, authorization: `Bearer ${elsewhere.token}` })).status,
    ).toBe(401);
    expect(await inboxOf(signed.id)).toEqual([]);
    expect((await enter(id, body, signed.headers)).body.data.delivered).toBe(true);
  });

  it("applies its filters: signed-in users only leaves an anonymous id out (403)", async () => {
    const id = await fence({ filters: { authenticated: true } });
    const anon = randomUUID();
    const res = await enter(id, { userId: anon, lat: 40, lng: -75 });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("GeofenceNotForUser");
    const user = await testEndUser(app, appA);
    expect((await enter(id, { userId: user.id, lat: 40, lng: -75 }, user.headers)).body.data.delivered).toBe(
      true,
    );
  });

  it("applies the membership, engine type, location and group filters as the push audience does", async () => {
    const member = await testEndUser(app, appA);
    const other = await testEndUser(app, appA);
    await app.database.execute(
      "insert into loyalty_cards (app_id, feature_id, end_user_id, stamps, stamp_number) values ($1, 'loyalty', $2, 1, 5)",
      [appA, member.id],
    );
    await app.database.execute(
      "insert into engine_types (type, make, model, engine_type) values ('Car', 'Fenceco', 'Glider', 'Electric') on conflict do nothing",
    );
    await app.database.execute(
      "insert into end_user_vehicles (end_user_id, position, make, model) values ($1, 0, 'fenceco', 'GLIDER')",
      [member.id],
    );
    const [advisor] = (
      await app.database.execute(
        `insert into staff_members (app_id, name, locations) values ($1, 'Ada', '["loc-1"]'::jsonb) returning id`,
        [appA],
      )
    ).rows as { id: string }[];
    await app.database.execute("update end_users set staff_member_id = $2 where id = $1", [
      member.id,
      advisor.id,
    ]);
    await app.database.execute("insert into multiapps (name, app_ids) values ('Fence group', $1::jsonb)", [
      JSON.stringify([appA]),
    ]);
    for (const filters of [
      { membership: "member" },
      { engineType: "electric" },
      { locations: ["loc-1"] },
      { membership: "member", engineType: "Electric", locations: ["loc-1"], groups: ["Fence group"] },
    ]) {
      const id = await fence({ filters });
      const refused = await enter(id, { userId: other.id, lat: 40, lng: -75 }, other.headers);
      expect(refused.status, JSON.stringify(filters)).toBe(403);
      expect(refused.body.error.code).toBe("GeofenceNotForUser");
      const entered = await enter(id, { userId: member.id, lat: 40, lng: -75 }, member.headers);
      expect(entered.body.data.delivered, JSON.stringify(filters)).toBe(true);
    }
    const nonMembers = await fence({ filters: { membership: "non-member" } });
    expect((await enter(nonMembers, { userId: member.id, lat: 40, lng: -75 }, member.headers)).status).toBe(
      403,
    );
    expect((await enter(nonMembers, { userId: randomUUID(), lat: 40, lng: -75 })).body.data.delivered).toBe(
      true,
    );
    const otherGroup = await fence({ filters: { groups: ["No such group"] } });
    expect((await enter(otherGroup, { userId: member.id, lat: 40, lng: -75 }, member.headers)).status).toBe(
      403,
    );
  });

  it("a silent geofence records the entry and the signal but writes no inbox entry", async () => {
    const id = await fence({ silent: true });
    const user = randomUUID();
    const res = await enter(id, { userId: user, lat: 40, lng: -75 });
    expect(res.body.data).toMatchObject({ delivered: true, silent: true });
    expect(await inboxOf(user)).toEqual([]);
    expect(await signals(user)).toHaveLength(1);
  });

  it("an update (a new version) resets the geofence for everyone", async () => {
    const id = await fence();
    const user = randomUUID();
    expect((await enter(id, { userId: user, lat: 40, lng: -75 })).body.data.delivered).toBe(true);
    expect((await enter(id, { userId: user, lat: 40, lng: -75 })).body.data.delivered).toBe(false);
    await app.database.execute("update geofences set version = version + 1 where id = $1", [id]);
    expect((await enter(id, { userId: user, lat: 40, lng: -75 })).body.data.delivered).toBe(true);
  });

  it("refuses malformed coordinates and ids with 400", async () => {
    const id = await fence();
    expect((await enter(id, { userId: randomUUID(), lat: 91, lng: 0 })).status).toBe(400);
    expect((await enter(id, { userId: randomUUID(), lat: "north", lng: 0 })).status).toBe(400);
    expect((await enter(id, { userId: "not-a-uuid", lat: 40, lng: -75 })).status).toBe(400);
  });
});

describe("recurring geofences and the delayed message", () => {
  it("delivers once per occurrence of a daily geofence", async () => {
    const id = await fence({ startsAt: "2026-03-01T09:00:00Z", recurrenceType: "Daily" });
    const user = randomUUID();
    const at = (iso: string) =>
      enterGeofence(app.database.db, appA, id, { userId: user, lat: 40, lng: -75 }, { now: new Date(iso) });
    expect((await at("2026-03-05T10:00:00Z")).delivered).toBe(true);
    expect((await at("2026-03-06T08:59:00Z")).delivered).toBe(false);
    expect((await at("2026-03-06T09:00:00Z")).delivered).toBe(true);
    expect((await at("2026-03-06T20:00:00Z")).delivered).toBe(false);
    const { rows } = await app.database.execute(
      "select occurrence from geofence_completions where geofence_id = $1 order by occurrence",
      [id],
    );
    expect(rows.map((r) => (r as { occurrence: string }).occurrence)).toEqual([
      "2026-03-05T09:00:00.000Z",
      "2026-03-06T09:00:00.000Z",
    ]);
  });

  it("schedules the delayed message once and the job writes it once, unless the geofence changed", async () => {
    const id = await fence({ delayedMessage: "Thanks for visiting!", delayMinutes: 30 });
    const sent: {
      name: string;
      data: object;
      options?: { singletonKey?: string; startAfter?: Date | number };
    }[] = [];
    const queue: DelayQueue = {
      send: async (name, data, options) => {
        sent.push({ name, data, options });
        return "job";
      },
    };
    const user = randomUUID();
    const now = new Date();
    await enterGeofence(app.database.db, appA, id, { userId: user, lat: 40, lng: -75 }, { queue, now });
    await enterGeofence(app.database.db, appA, id, { userId: user, lat: 40, lng: -75 }, { queue, now });
    expect(sent).toHaveLength(1);
    const completion = { geofenceId: id, appId: appA, userId: user, version: 1, occurrence: "" };
    expect(sent[0]).toEqual({
      name: GEOFENCE_DELAYED_JOB,
      data: completion,
      options: { singletonKey: delayKey(completion), startAfter: new Date(now.getTime() + 30 * 60_000) },
    });
    // The handler uses only the database of its context.
    const ctx = { db: app.database.db } as unknown as JobContext;
    await geofenceDelayedJob.handler(completion, ctx);
    await geofenceDelayedJob.handler(completion, ctx);
    expect((await inboxOf(user)).map((n) => n.message)).toEqual([
      "Welcome to the showroom",
      "Thanks for visiting!",
    ]);

    const other = randomUUID();
    await enterGeofence(app.database.db, appA, id, { userId: other, lat: 40, lng: -75 }, { queue, now });
    await app.database.execute("update geofences set version = version + 1 where id = $1", [id]);
    await geofenceDelayedJob.handler({ ...completion, userId: other }, ctx);
    expect((await inboxOf(other)).map((n) => n.message)).toEqual(["Welcome to the showroom"]);
  });

  it("the app's queue runs the registered delayed-message job when its delay has passed", async () => {
    const id = await fence({ delayedMessage: "Come back soon", delayMinutes: 30 });
    const user = randomUUID();
    const start = new Date();
    expect((await enter(id, { userId: user, lat: 40, lng: -75 })).body.data.delivered).toBe(true);
    expect((await inboxOf(user)).map((n) => n.message)).toEqual(["Welcome to the showroom"]);
    expect(await runDueJobs(app, new Date(start.getTime() + 29 * 60_000))).toBe(0);
    expect((await inboxOf(user)).map((n) => n.message)).toEqual(["Welcome to the showroom"]);
    expect(await runDueJobs(app, new Date(Date.now() + 30 * 60_000 + 1000))).toBe(1);
    expect((await inboxOf(user)).map((n) => n.message)).toEqual([
      "Welcome to the showroom",
      "Come back soon",
    ]);
  });
});

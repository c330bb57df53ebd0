import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/connect.ts";
import { testDatabase } from "../test-helpers.ts";
import { databaseLimits, pruneLimits } from "./limits.ts";
import { limitsStore } from "./rate-limit-store.ts";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

type Store = {
  incr(
    key: string,
    cb: (e: Error | null, r?: { current: number; ttl: number }) => void,
    window: number,
  ): void;
  read(key: string, cb: (e: Error | null, r?: { current: number; ttl: number }) => void): void;
  child(options: unknown): Store;
};
const incr = (store: Store, key: string) =>
  new Promise<number>((resolve, reject) =>
    store.incr(key, (e, r) => (e ? reject(e) : resolve(r!.current)), 60_000),
  );
const read = (store: Store, key: string) =>
  new Promise<number>((resolve, reject) => store.read(key, (e, r) => (e ? reject(e) : resolve(r!.current))));

describe("the rate-limit plugin's store on app.limits", () => {
  it("gives each route a counter of its own for the same client", async () => {
    const Store = limitsStore(databaseLimits(database));
    const root = new Store({}) as Store;
    const reset = root.child({
      routeInfo: { method: "POST", url: "/api/accounts/send-password-reset/:email" },
    });
    const signUp = root.child({ routeInfo: { method: "POST", url: "/api/accounts/sign-up" } });
    const resetAgain = root.child({
      routeInfo: { method: "POST", url: "/api/accounts/send-password-reset/:email" },
    });
    expect(await incr(reset, "192.0.2.1")).toBe(1);
    expect(await incr(reset, "192.0.2.1")).toBe(2);
    expect(await incr(signUp, "192.0.2.1")).toBe(1);
    // Another node builds the same child for the same route: it shares the counter.
    expect(await incr(resetAgain, "192.0.2.1")).toBe(3);
    expect(await read(reset, "192.0.2.1")).toBe(3);
    const { rows } = await database.execute("select key from rate_limits order by key");
    expect(rows.map((r) => r.key)).toEqual([
      "rate:POST /api/accounts/send-password-reset/:email:192.0.2.1",
      "rate:POST /api/accounts/sign-up:192.0.2.1",
    ]);
  });

  it("passes a failing database on to the plugin as an error", async () => {
    const broken = limitsStore({
      hit: () => Promise.reject(new Error("database down")),
      read: () => Promise.reject(new Error("database down")),
      reset: () => Promise.reject(new Error("database down")),
    });
    await expect(incr(new broken({}) as Store, "k")).rejects.toThrow("database down");
  });
});

describe("pruning the database's counters", () => {
  it("deletes only the counters whose window has passed", async () => {
    const limits = databaseLimits(database);
    await limits.hit("prune:old", 60_000);
    await limits.hit("prune:live", 60_000);
    await database.execute(
      "update rate_limits set reset_at = now() - interval '1 second' where key = 'prune:old'",
    );
    expect(await pruneLimits(database)).toBeGreaterThanOrEqual(1);
    const { rows } = await database.execute("select key from rate_limits where key like 'prune:%'");
    expect(rows.map((r) => r.key)).toEqual(["prune:live"]);
    expect((await limits.read("prune:live")).hits).toBe(1);
  });
});

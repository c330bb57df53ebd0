import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/connect.ts";
import { testDatabase } from "../test-helpers.ts";
import { databaseLimits, type Limits } from "./limits.ts";

describe("limits shared in the database", () => {
  let database: Database;
  let limits: Limits;
  beforeAll(async () => {
    database = await testDatabase();
    limits = databaseLimits(database);
  });
  afterAll(() => database.close());

  it("counts hits in a window and starts again when it has passed", async () => {
    expect((await limits.hit("k1", 60_000)).hits).toBe(1);
    const second = await limits.hit("k1", 60_000);
    expect(second.hits).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await limits.read("k1")).hits).toBe(2);
    await database.execute("update rate_limits set reset_at = now() - interval '1 ms' where key = 'k1'");
    expect((await limits.read("k1")).hits).toBe(0);
    expect((await limits.hit("k1", 60_000)).hits).toBe(1);
  });

  it("counts every one of many concurrent hits once", async () => {
    const states = await Promise.all(Array.from({ length: 40 }, () => limits.hit("k2", 60_000)));
    expect(states.map((s) => s.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it("forgets a key on reset, and keys are independent", async () => {
    await limits.hit("k3", 60_000);
    await limits.hit("k4", 60_000);
    await limits.reset("k3");
    expect((await limits.read("k3")).hits).toBe(0);
    expect((await limits.read("k4")).hits).toBe(1);
  });
});

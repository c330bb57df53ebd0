import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/connect.ts";
import { testDatabase } from "../test-helpers.ts";
import {
  estimate,
  SKETCH_EXACT_MAX,
  SKETCH_REGISTERS,
  SKETCH_STANDARD_ERROR,
  VisitorSketch,
} from "./analytics-sketch.ts";

/** A synthetic user's 64-bit hash (any well-mixed hash will do for the estimator). */
const parts = (id: string): [number, number] => {
  const d = createHash("sha256").update(id).digest();
  return [d.readUInt32BE(0), d.readUInt32BE(4)];
};
const sketchOf = (ids: string[]) => {
  const s = new VisitorSketch();
  for (const id of ids) s.addParts(...parts(id));
  return s;
};
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
/** Registers only: what the union becomes once a dense sketch is in it. */
const dense = (ids: string[]) => {
  const s = sketchOf(ids);
  const d = new VisitorSketch();
  d.mergeRegisters(new Uint8Array(SKETCH_REGISTERS));
  d.merge(s);
  return d;
};

describe("visitor sketches", () => {
  it("counts small sets exactly, also across a merge", () => {
    const a = sketchOf(["ann", "bob", "cy"]);
    const b = sketchOf(["bob", "dee"]);
    expect(a.count()).toBe(3);
    a.merge(b);
    expect(a.isExact).toBe(true);
    expect(a.count()).toBe(4);
    expect(new VisitorSketch().count()).toBe(0);
  });

  it(`stays exact over a union of exact parts up to ${SKETCH_EXACT_MAX} users, an estimate past that`, () => {
    const u = new VisitorSketch();
    for (let day = 0; day < 40; day++) u.merge(sketchOf(ids(`d${day % 2}-`, 250)));
    expect(u.isExact).toBe(true);
    expect(u.count()).toBe(500);
    u.merge(sketchOf(ids("late-", 13)));
    expect(u.isExact).toBe(false);
    expect(Math.abs(u.count() - 513) / 513).toBeLessThan(3 * SKETCH_STANDARD_ERROR);
    const big = new VisitorSketch();
    for (let day = 0; day < 40; day++) big.merge(sketchOf(ids(`d${day % 20}-`, 300)));
    expect(Math.abs(big.count() - 6000) / 6000).toBeLessThan(3 * SKETCH_STANDARD_ERROR);
    expect(sketchOf(ids("one-", SKETCH_EXACT_MAX + 1)).isExact).toBe(false);
  });

  it.each([10_000, 100_000])("estimates %i users within three standard errors", (n) => {
    const s = dense(ids("user-", n));
    expect(s.isExact).toBe(false);
    expect(Math.abs(s.count() - n) / n).toBeLessThan(3 * SKETCH_STANDARD_ERROR);
  });

  it("estimates small dense sets by linear counting, near exact", () => {
    expect(dense(ids("few-", 40)).count()).toBeGreaterThanOrEqual(39);
    expect(dense(ids("few-", 40)).count()).toBeLessThanOrEqual(41);
    expect(estimate(new Uint8Array(SKETCH_REGISTERS))).toBe(0);
  });

  it("merges associatively and commutatively, and a merge with itself changes nothing", () => {
    const [x, y, z] = [ids("x", 3000), ids("y", 5000), ids("x", 2000).concat(ids("z", 4000))];
    const left = dense(x);
    const yz = dense(y);
    yz.merge(dense(z));
    left.merge(yz);
    const right = dense(x);
    right.merge(dense(y));
    right.merge(dense(z));
    const swapped = dense(z);
    swapped.merge(dense(x));
    swapped.merge(dense(y));
    expect(left.count()).toBe(right.count());
    expect(swapped.count()).toBe(right.count());
    const again = dense(x.concat(y, z));
    expect(again.count()).toBe(right.count());
    again.merge(dense(y));
    expect(again.count()).toBe(right.count());
    // 3,000 + 5,000 + 4,000 distinct users.
    expect(Math.abs(right.count() - 12_000) / 12_000).toBeLessThan(3 * SKETCH_STANDARD_ERROR);
  });

  it("rejects registers of another size", () => {
    expect(() => new VisitorSketch().mergeRegisters(new Uint8Array(16))).toThrow(
      "a sketch has 4096 registers",
    );
  });
});

describe("the SQL sketches of migration 0013", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());
  const packed = (param: string) =>
    `(select string_agg(analytics_user_hash(u), ''::bytea) from unnest(${param}::text[]) u)`;
  const merge = async (a: string[], b: string[]) =>
    (
      await database.execute(
        `select m.hashes, m.registers from analytics_sketch_merge(${packed("$1")}, null, ${packed("$2")}, null) m`,
        [a, b],
      )
    ).rows[0] as { hashes: Uint8Array | null; registers: Uint8Array | null };

  it(`keeps up to ${SKETCH_EXACT_MAX} distinct hashes, sorted, without duplicates`, async () => {
    const r = await merge(ids("a", 300), ids("a", 212).concat(ids("b", 212)));
    expect(r.registers).toBeNull();
    const hashes = Buffer.from(r.hashes as Uint8Array);
    expect(hashes.length).toBe(SKETCH_EXACT_MAX * 8);
    const each = Array.from({ length: SKETCH_EXACT_MAX }, (_, i) => hashes.subarray(i * 8, i * 8 + 8));
    expect(each.every((h, i) => i === 0 || Buffer.compare(each[i - 1], h) < 0)).toBe(true);
    const s = new VisitorSketch();
    s.addHashes(hashes);
    expect(s.count()).toBe(SKETCH_EXACT_MAX);
    expect((await merge(ids("a", 300), ids("b", 213))).hashes).toBeNull();
  });

  it("turns into registers past that, set as the report reads them", async () => {
    const users = ids("u", 5000);
    const r = await merge(users.slice(0, 3000), users.slice(2000));
    expect(r.hashes).toBeNull();
    const fromSql = new VisitorSketch();
    fromSql.mergeRegisters(new Uint8Array(r.registers as Uint8Array));
    // The same users hashed by SQL, then set in registers by the report's code: the same registers.
    const hashed = (
      await database.execute(
        "select string_agg(analytics_user_hash(u), ''::bytea) as h from unnest($1::text[]) u",
        [users],
      )
    ).rows[0].h as Uint8Array;
    const fromJs = new VisitorSketch();
    fromJs.mergeRegisters(new Uint8Array(SKETCH_REGISTERS));
    fromJs.addHashes(hashed);
    expect(Buffer.from(fromJs.toRegisters()).equals(Buffer.from(r.registers as Uint8Array))).toBe(true);
    expect(fromSql.count()).toBe(fromJs.count());
    expect(Math.abs(fromSql.count() - 5000) / 5000).toBeLessThan(3 * SKETCH_STANDARD_ERROR);
    const both = await database.execute(
      "select (analytics_sketch_merge(null, $1::bytea, null, $2::bytea)).registers = $1::bytea as same",
      [r.registers, r.registers],
    );
    expect(both.rows[0].same).toBe(true);
  });
});

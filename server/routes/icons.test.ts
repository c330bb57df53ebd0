import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, testApp } from "../test-helpers.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const names = async (query = "") =>
  (await call(app, { method: "GET", url: `/api/icon-categories${query}` })).body.data.map(
    (c: any) => c.category,
  );

describe("icon bank", () => {
  it("offers the package's icons by category with spec §9's renames and hidden categories", async () => {
    const categories = await names();
    expect(categories).toContain("Promotions");
    expect(categories).toContain("Hospitality and Retail");
    expect(categories).toContain("Automotive");
    for (const gone of ["Events", "Hospitality", "Fitness", "Food & Drink", "Retail"])
      expect(categories).not.toContain(gone);
    const res = await call(app, { method: "GET", url: "/api/icon-categories" });
    for (const c of res.body.data) expect(c.iconCount).toBeGreaterThan(0);
  });

  it("hides automotive categories from Restaurant apps", async () => {
    const restaurant = await names("?domainType=Restaurant");
    expect(restaurant).not.toContain("Automotive");
    expect(restaurant).not.toContain("Service");
    expect(restaurant).toContain("Hospitality and Retail");
    const res = await call(app, { method: "GET", url: "/api/icons/Automotive?domainType=Restaurant" });
    expect(res).toMatchObject({ status: 404, body: { error: { message: "Icon category not found" } } });
  });

  it("lists a category's icons as URLs that serve SVG files, '[colorful]' ones in full colour", async () => {
    const auto = await call(app, { method: "GET", url: "/api/icons/automotive" });
    expect(auto.body.data.category).toBe("Automotive");
    expect(auto.body.data.icons).toContain("/api/icon-files/car.svg");
    const svg = await app.inject({ method: "GET", url: "/api/icon-files/car.svg" });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
    expect(svg.headers["cache-control"]).toContain("max-age=");
    expect(svg.body).toMatch(/^<!--[\s\S]*<svg|^<svg/);
    expect(svg.body).toContain('stroke="currentColor"');

    const colorful = await call(app, {
      method: "GET",
      url: `/api/icons/${encodeURIComponent("Colorful Travel & Places")}`,
    });
    const icon = colorful.body.data.icons.find((i: string) => i.includes("automobile"));
    expect(icon).toBe("/api/icon-files/[colorful]automobile.svg");
    const file = await app.inject({ method: "GET", url: icon });
    expect(file.statusCode).toBe(200);
    expect(file.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 32 32"/);
    expect(file.body).toMatch(/fill="#[0-9A-Fa-f]{6}"/);
  });

  it("searches the gallery and refuses unknown or hostile file names", async () => {
    const found = await call(app, { method: "GET", url: "/api/gallery/gas station" });
    expect(found.body.data).toContain("/api/icon-files/gas-station.svg");
    expect((await call(app, { method: "GET", url: "/api/gallery/zzzz-nothing" })).body.data).toEqual([]);
    for (const bad of ["nope.svg", "..%2F..%2Fpackage.json", "car.svg%00.png", "CAR.svg"])
      expect((await app.inject({ method: "GET", url: `/api/icon-files/${bad}` })).statusCode).toBe(404);
  });
});

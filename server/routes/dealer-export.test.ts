import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyBatch } from "../ops/dealer-data.ts";
import { grantRole, type TestUser, testApp, testAppOf, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let owner: TestUser;
let associate: TestUser;
let stranger: TestUser;
let appA: string;
let appB: string;

beforeAll(async () => {
  app = await testApp();
  [owner, associate, stranger] = await Promise.all([testUser(app), testUser(app), testUser(app)]);
  appA = await testAppOf(app, owner, "Alpha Motors");
  appB = await testAppOf(app, stranger, "Bravo Motors");
  await grantRole(app, associate.id, appA, "Associate");
  const db = app.database.db;
  const ok = async (p: ReturnType<typeof applyBatch>) => expect((await p).errors).toEqual([]);
  await ok(
    applyBatch(db, appA, "inventory", [
      {
        vin: "2T1BURHE0JC000003",
        stockNumber: "S-2",
        year: 2018,
        make: "Toyota",
        model: "Corolla",
        price: 15999.5,
        status: "used",
        photos: ["https://img.example/a.jpg", "https://img.example/b.jpg"],
        description: 'Clean, one owner\n"like new"',
      },
      {
        vin: "1FTFW1E50NFA00001",
        make: "Ford",
        model: "F-150",
        trim: '=HYPERLINK("http://evil.example","Click")',
        color: "+Red",
        location: "@Lot 3",
        availability: "-In stock",
        mileage: 12,
      },
    ]),
  );
  await ok(
    applyBatch(db, appA, "repair-orders", [
      {
        roNumber: "RO-1001",
        date: "2026-03-02",
        vin: "1FTFW1E50NFA00001",
        customerName: "Ana Díaz",
        email: "ana@example.com",
        lines: [
          { description: "Oil change", labor: 40, parts: 25.5 },
          { description: "Tire rotation", labor: 20 },
        ],
        advisor: "Sam",
      },
    ]),
  );
  await ok(
    applyBatch(db, appA, "deals", [
      {
        dealNumber: "D-7",
        date: "2026-01-15",
        make: "Ford",
        salesPrice: 41000,
        term: 60,
        customerName: "-Lee",
      },
    ]),
  );
  await ok(applyBatch(db, appB, "deals", [{ dealNumber: "D-9", date: "2026-01-01", customerName: "Other" }]));
}, 180_000);
afterAll(() => app.close());

const exportCsv = (who: TestUser, appId: string, kind: string, query = "") =>
  app.inject({
    method: "GET",
    url: `/api/apps/${appId}/dealer-data/${kind}/csv${query}`,
    headers: who.headers,
  });

describe("dealer data CSV export", () => {
  it("writes the inventory in the import's columns by VIN, formulas escaped, an attachment", async () => {
    const res = await exportCsv(associate, appA, "inventory");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body).toBe(
      [
        "VIN,Stock number,Year,Make,Model,Trim,Body style,Color,Mileage,Price,Availability,Status,Transmission,Fuel,Photos,Location,Description",
        `1FTFW1E50NFA00001,,,Ford,F-150,"'=HYPERLINK(""http://evil.example"",""Click"")",,'+Red,12,,'-In stock,,,,,'@Lot 3,`,
        `2T1BURHE0JC000003,S-2,2018,Toyota,Corolla,,,,,15999.5,,used,,,https://img.example/a.jpg|https://img.example/b.jpg,,"Clean, one owner\n""like new"""`,
        "",
      ].join("\r\n"),
    );
  });

  it("writes repair orders with their lines as one, and deals, each app its own; a BOM on request", async () => {
    const ro = await exportCsv(owner, appA, "repair-orders", "?bom=true");
    expect(ro.statusCode).toBe(200);
    expect(ro.body).toBe(
      [
        "\uFEFFRO number,Date,VIN,Mileage,Customer,Email,Phone,Line description,Labor,Parts,Total,Advisor,Location",
        "RO-1001,2026-03-02,1FTFW1E50NFA00001,,Ana Díaz,ana@example.com,,Oil change; Tire rotation,60,25.5,85.5,Sam,",
        "",
      ].join("\r\n"),
    );
    const deals = await exportCsv(owner, appA, "deals");
    expect(deals.body.split("\r\n")).toEqual([
      "Deal number,Date,VIN,Year,Make,Model,Customer,Email,Phone,Term,Monthly payment,Paid,Amount financed,Down payment,Total down,Sales price,Total back sales,Total pickup payments,Aftermarket sale,Total trade actual cash value,Total,Location",
      "D-7,2026-01-15,,,Ford,,'-Lee,,,60,,,,,,41000,,,,,,",
      "",
    ]);
    expect((await exportCsv(stranger, appB, "deals")).body).toContain("D-9,2026-01-01");
    expect((await exportCsv(stranger, appB, "deals")).body).not.toContain("D-7");
  });

  it("streams a large inventory in chunks without losing or repeating a row", async () => {
    const many = Array.from({ length: 2345 }, (_, i) => ({
      vin: `3VW${String(i).padStart(14, "0")}`,
      make: "VW",
      price: i,
    }));
    expect((await applyBatch(app.database.db, appB, "inventory", many)).errors).toEqual([]);
    const res = await exportCsv(stranger, appB, "inventory");
    const vins = res.body
      .split("\r\n")
      .slice(1, -1)
      .map((l) => l.split(",")[0]);
    expect(vins).toEqual(many.map((m) => m.vin));
  });

  it("is for the app's team only: another app's user gets 404, a signed-out caller 401", async () => {
    expect((await exportCsv(stranger, appA, "inventory")).statusCode).toBe(404);
    const anonymous = await app.inject({ method: "GET", url: `/api/apps/${appA}/dealer-data/deals/csv` });
    expect(anonymous.statusCode).toBe(401);
    expect((await exportCsv(owner, appA, "customers")).statusCode).toBe(400);
  });
});

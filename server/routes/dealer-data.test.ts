import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldAllAnalytics } from "../ops/analytics-rollup.ts";
import {
  call,
  grantRole,
  type TestEndUser,
  type TestUser,
  testApp,
  testAppOf,
  testEndUser,
  testUser,
} from "../test-helpers.ts";

let app: FastifyInstance;
let owner: TestUser;
let manager: TestUser;
let associate: TestUser;
let stranger: TestUser;
let appA: string;
let appB: string;
let keyA: string;
let keyB: string;

const VINS = ["1FTFW1E50NFA00001", "1FTFW1E50NFA00002", "2T1BURHE0JC000003", "5YJ3E1EA7KF000004"];

beforeAll(async () => {
  app = await testApp();
  [owner, manager, associate, stranger] = await Promise.all([
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
  ]);
  appA = await testAppOf(app, owner, "Alpha Motors");
  appB = await testAppOf(app, stranger, "Bravo Motors");
  await grantRole(app, manager.id, appA, "Manager");
  await grantRole(app, associate.id, appA, "Associate");
  keyA = (await newKey(owner, appA, "DMS nightly")).key;
  keyB = (await newKey(stranger, appB, "Feed")).key;
}, 60_000);
afterAll(() => app.close());

async function newKey(who: TestUser, appId: string, name: string) {
  const res = await call(app, {
    method: "POST",
    url: `/api/apps/${appId}/integration-keys`,
    headers: who.headers,
    payload: { name },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; key: string; prefix: string; name: string };
}

const push = (key: string, kind: string, records: unknown[]) =>
  call(app, {
    method: "POST",
    url: `/api/integration/${kind}`,
    headers: { "x-integration-key": key },
    payload: { records },
  });

const rows = async (table: string, appId: string) =>
  (await app.database.execute(`select * from ${table} where app_id = $1 order by 1`, [appId])).rows;

const vehicle = (i: number, extra: Record<string, unknown> = {}) => ({
  vin: VINS[i],
  stockNumber: `S${i}`,
  year: 2020 + i,
  make: i < 2 ? "Ford" : i === 2 ? "Toyota" : "Tesla",
  model: i < 2 ? "F-150" : i === 2 ? "Corolla" : "Model 3",
  bodyStyle: i < 2 ? "Truck" : "Sedan",
  color: i % 2 ? "Red" : "White",
  mileage: 10_000 * (i + 1),
  price: 20_000 + 5_000 * i,
  availability: "In stock",
  status: i === 0 ? "new" : "used",
  transmission: "Automatic",
  fuel: i === 3 ? "Electric" : "Gasoline",
  photos: [`https://cdn.example.com/${i}.jpg`],
  ...extra,
});

describe("integration keys", () => {
  it("are created, listed (never the key) and revoked by Owners only", async () => {
    const made = await newKey(owner, appA, "Temporary");
    expect(made.key).toMatch(/^bak_/);
    expect(made.prefix).toBe(made.key.slice(0, 10));
    const list = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/integration-keys`,
      headers: owner.headers,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((k: { name: string }) => k.name)).toContain("Temporary");
    expect(JSON.stringify(list.body)).not.toContain(made.key);
    const stored = await rows("dealer_integration_keys", appA);
    expect(JSON.stringify(stored)).not.toContain(made.key);

    for (const who of [manager, associate]) {
      const res = await call(app, {
        method: "GET",
        url: `/api/apps/${appA}/integration-keys`,
        headers: who.headers,
      });
      expect(res.status).toBe(403);
    }
    expect(
      (
        await call(app, {
          method: "GET",
          url: `/api/apps/${appA}/integration-keys`,
          headers: stranger.headers,
        })
      ).status,
    ).toBe(404);

    expect((await push(made.key, "inventory", [vehicle(3)])).status).toBe(200);
    const del = await call(app, {
      method: "DELETE",
      url: `/api/apps/${appA}/integration-keys/${made.id}`,
      headers: owner.headers,
    });
    expect(del.status).toBe(200);
    const after = await push(made.key, "inventory", [vehicle(3)]);
    expect(after.status).toBe(401);
    expect(after.body.error).toEqual({
      code: "IntegrationKeyInvalid",
      message: "The integration key is missing, revoked or not valid",
    });
    expect((await push("bak_not-a-key", "inventory", [vehicle(3)])).status).toBe(401);
    await app.database.execute("delete from dealer_vehicles where app_id = $1", [appA]);
  });
});

describe("integration batches", () => {
  it("upsert by natural key; the same batch twice leaves one copy and changes nothing", async () => {
    const batch = [0, 1, 2, 3].map((i) => vehicle(i));
    const first = await push(keyA, "inventory", batch);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ total: 4, inserted: 4, updated: 0, unchanged: 0, errors: [] });
    const before = await rows("dealer_vehicles", appA);
    const again = await push(keyA, "inventory", batch);
    expect(again.body.data).toEqual({ total: 4, inserted: 0, updated: 0, unchanged: 4, errors: [] });
    expect(await rows("dealer_vehicles", appA)).toEqual(before);

    // A lower-case VIN is the same vehicle; a changed price updates it.
    const changed = await push(keyA, "inventory", [
      vehicle(0, { vin: VINS[0].toLowerCase(), price: 19_999.5 }),
    ]);
    expect(changed.body.data).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    const now = await rows("dealer_vehicles", appA);
    expect(now).toHaveLength(4);
    expect(Number(now.find((r) => r.vin === VINS[0]).price)).toBe(19_999.5);
    // The key of app B writes to app B only.
    expect((await rows("dealer_vehicles", appB)).length).toBe(0);
  });

  it("refuse a batch with a bad row or a key sent twice, writing nothing", async () => {
    const res = await push(keyA, "repair-orders", [
      {
        roNumber: "RO-1",
        date: "2026-11-01",
        lines: [{ description: "Oil change", labor: 40, parts: 25.5 }],
      },
      { roNumber: "RO-2", date: "2026-13-01", vin: "NOT-A-VIN" },
      { roNumber: "RO-1", date: "2026-11-02" },
      { roNumber: "RO-3", date: "2026-11-03", mileage: "lots" },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("DealerRowsInvalid");
    expect(res.body.error.message).toBe("Some rows are invalid; nothing was imported");
    const details = res.body.error.details as { row: number; field?: string; message: string }[];
    expect(details.map((d) => [d.row, d.field])).toEqual([
      [2, "date"],
      [2, "vin"],
      [3, "roNumber"],
      [4, "mileage"],
    ]);
    expect(details[1].message).toBe("VIN must be 11 to 17 letters and digits without I, O or Q");
    expect(details[2].message).toBe("RO-1 is also on row 1");
    expect(await rows("dealer_repair_orders", appA)).toEqual([]);
  });

  it("compute repair-order totals from the lines and keep deals' deal-sheet fields", async () => {
    const ro = await push(keyA, "repair-orders", [
      {
        roNumber: "RO-100",
        date: "2026-10-05",
        vin: VINS[0],
        email: "Pat@Example.com",
        lines: [
          { description: "Oil change", labor: 40, parts: 25.5 },
          { description: "Tire rotation", labor: 30 },
        ],
        advisor: "Sam",
      },
    ]);
    expect(ro.body.data.inserted).toBe(1);
    const list = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/repair-orders`,
      headers: associate.headers,
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.body.data.items[0]).toMatchObject({
      roNumber: "RO-100",
      email: "pat@example.com",
      laborTotal: 70,
      partsTotal: 25.5,
      total: 95.5,
    });
    const deal = await push(keyA, "deals", [
      {
        dealNumber: "D-1",
        date: "2026-09-01",
        vin: VINS[1],
        phone: "(215) 555-0100",
        term: 60,
        monthlyPayment: 499.99,
        salesPrice: 32000,
        tradeActualCashValue: 8000,
        products: [{ description: "Extended warranty", quantity: 1, warranty: true }],
      },
    ]);
    expect(deal.status, JSON.stringify(deal.body)).toBe(200);
    const one = await call(app, { method: "GET", url: `/api/apps/${appA}/deals`, headers: owner.headers });
    expect(one.body.data.items[0]).toMatchObject({
      dealNumber: "D-1",
      phone: "+12155550100",
      term: 60,
      monthlyPayment: 499.99,
      products: [{ description: "Extended warranty", quantity: 1, warranty: true, internal: false }],
    });
    const got = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/deals/${one.body.data.items[0].id}`,
      headers: owner.headers,
    });
    expect(got.body.data.dealNumber).toBe("D-1");
    const other = await call(app, {
      method: "GET",
      url: `/api/apps/${appB}/deals/${one.body.data.items[0].id}`,
      headers: stranger.headers,
    });
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe("Deal not found");
  });

  it("run a large batch as a task the key's app can poll", async () => {
    const many = Array.from({ length: 600 }, (_, i) => ({
      contractNumber: `C-${i}`,
      product: "Service plan",
      price: 100 + i,
    }));
    const res = await push(keyA, "service-contracts", many);
    expect(res.status).toBe(202);
    const taskId = res.body.data.taskId;
    const task = await call(app, {
      method: "GET",
      url: `/api/integration/tasks/${taskId}`,
      headers: { "x-integration-key": keyA },
    });
    expect(task.body.data).toMatchObject({
      status: "done",
      total: 600,
      applied: 600,
      message: "600 rows: 600 added, 0 updated, 0 unchanged",
    });
    const otherKey = await call(app, {
      method: "GET",
      url: `/api/integration/tasks/${taskId}`,
      headers: { "x-integration-key": keyB },
    });
    expect(otherKey.status).toBe(404);
    expect((await rows("dealer_service_contracts", appA)).length).toBe(600);
    const last = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/service-contracts?page=30&pageSize=20&q=C-59`,
      headers: associate.headers,
    });
    expect(last.status).toBe(200);
    // C-59 and C-590 to C-599.
    expect(last.body.data).toMatchObject({ total: 11, page: 30, pageSize: 20, items: [] });
    const first = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/service-contracts?q=C-59&pageSize=5`,
      headers: associate.headers,
    });
    expect(first.body.data.items).toHaveLength(5);
    expect(first.body.data.total).toBe(11);
  });
});

const importCsv = (who: TestUser, kind: string, body: string | Buffer, mapping?: Record<string, string>) =>
  call(app, {
    method: "POST",
    url: `/api/apps/${appA}/dealer-data/${kind}/csv?fileName=feed.csv${mapping ? `&mapping=${encodeURIComponent(JSON.stringify(mapping))}` : ""}`,
    headers: { ...who.headers, "content-type": "text/csv" },
    payload: body,
  });
const taskOf = async (who: TestUser, taskId: string) =>
  (
    await call(app, {
      method: "GET",
      url: `/api/public/apps/${appA}/tasks/${taskId}?taskType=dealer-import`,
      headers: who.headers,
    })
  ).body.data;

describe("CSV imports", () => {
  it("apply a file whole with its column mapping, and replaying it changes nothing", async () => {
    const csv = [
      "Vehicle VIN;Yr;Make;Model;Asking;Miles;Condition",
      "3VWFE21C04M000010;2019;Volkswagen;Jetta;$14,500;61000;Used",
      "3VWFE21C04M000011;2021;Volkswagen;Golf;18900;22000;certified",
    ].join("\r\n");
    const mapping = {
      "Vehicle VIN": "vin",
      Yr: "year",
      Make: "make",
      Model: "model",
      Asking: "price",
      Miles: "mileage",
      Condition: "status",
    };
    const res = await importCsv(manager, "inventory", `\uFEFF${csv}`, mapping);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const task = await taskOf(manager, res.body.data.taskId);
    expect(task).toMatchObject({ status: "done", total: 2, applied: 2, fileName: "feed.csv", errors: [] });
    const again = await taskOf(
      manager,
      (await importCsv(manager, "inventory", csv, mapping)).body.data.taskId,
    );
    expect(again.message).toBe("2 rows: 0 added, 0 updated, 2 unchanged");
    const jetta = (await rows("dealer_vehicles", appA)).find((r) => r.vin === "3VWFE21C04M000010");
    expect(jetta).toMatchObject({ year: 2019, make: "Volkswagen", mileage: 61000, status: "used" });
    expect(Number(jetta.price)).toBe(14500);

    const history = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/dealer-data/imports`,
      headers: associate.headers,
    });
    expect(history.body.data.slice(0, 2).map((t: { message: string }) => t.message)).toEqual([
      "2 rows: 0 added, 0 updated, 2 unchanged",
      "2 rows: 2 added, 0 updated, 0 unchanged",
    ]);
  });

  it("change nothing when one row is bad, and name each bad cell", async () => {
    const before = await rows("dealer_vehicles", appA);
    const csv = [
      "VIN,Year,Make,Price,Status",
      "1HGCM82633A000020,2018,Honda,9000,used",
      "1HGCM82633A000021,2018,Honda,12x,used",
      '1HGCM82633A000022,2018,=HYPERLINK("x"),9000,used',
      "1HGCM82633A000023,2018,Honda,9000,rental",
      "1HGCM82633A000020,2018,Honda,9000,used",
    ].join("\n");
    const res = await importCsv(owner, "inventory", csv);
    expect(res.status).toBe(202);
    const task = await taskOf(owner, res.body.data.taskId);
    expect(task.status).toBe("failed");
    expect(task.message).toBe("4 of 5 rows are invalid; nothing was imported");
    expect(task.errors).toEqual([
      { row: 3, field: "price", message: "Price must be a number" },
      { row: 4, field: "make", message: "Make holds a formula; formulas are not imported" },
      { row: 5, field: "status", message: "Status must be new, used or certified" },
      { row: 6, field: "vin", message: "1HGCM82633A000020 is also on row 2" },
    ]);
    expect(await rows("dealer_vehicles", appA)).toEqual(before);
  });

  it("refuse a file without the key column, not UTF-8, or from a role that may not import", async () => {
    const noVin = await importCsv(owner, "inventory", "Stock,Make\nA1,Ford\n");
    expect(noVin.status).toBe(400);
    expect(noVin.body.error.code).toBe("CsvInvalid");
    expect(noVin.body.error.message).toBe("The CSV file has no VIN column (columns found: Stock, Make)");
    // A delimiter the reader does not know leaves one column named after the whole header line.
    const colons = await importCsv(owner, "inventory", "VIN:Make\n1HGCM82633A000030:Ford\n");
    expect(colons.body.error.message).toBe("The CSV file has no VIN column (columns found: VIN:Make)");
    const latin1 = Buffer.concat([
      Buffer.from("VIN,Make\n1HGCM82633A000030,Citro"),
      Buffer.from([0xeb, 0x6e, 0x0a]),
    ]);
    const bad = await importCsv(owner, "inventory", latin1);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("The file is not UTF-8 text");
    const denied = await importCsv(associate, "inventory", "VIN\n1HGCM82633A000031\n");
    expect(denied.status).toBe(403);
    expect((await importCsv(stranger, "inventory", "VIN\n1HGCM82633A000031\n")).status).toBe(404);
  });
});

describe("inventory search", () => {
  const search = (body: Record<string, unknown>, who: TestUser = associate) =>
    call(app, {
      method: "POST",
      url: `/api/apps/${appA}/inventory/search`,
      headers: who.headers,
      payload: body,
    });

  it("filters by make, price range and list filters with facets counted without their own filter", async () => {
    const all = await search({});
    expect(all.status).toBe(200);
    const total = all.body.data.total;
    const res = await search({
      vehicleMakes: [{ name: "Ford" }],
      priceTo: 25_000,
      color: ["White"],
      sort: "price_asc",
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.items.map((v: { vin: string }) => v.vin)).toEqual([VINS[0]]);
    expect(d.total).toBe(1);
    // Colours of the Fords up to 25,000 (the colour filter itself left out): one white, one red.
    expect(d.facets.color).toEqual([
      { value: "Red", count: 1 },
      { value: "White", count: 1 },
    ]);
    // Makes up to 25,000 in white (the make filter left out).
    expect(d.facets.makes).toEqual([{ value: "Ford", count: 1, models: [{ value: "F-150", count: 1 }] }]);
    expect(d.facets.price).toEqual({ min: 19_999.5, max: 19_999.5 });

    const text = await search({ search: "tesla 3" });
    expect(text.body.data.items.map((v: { make: string }) => v.make)).toEqual(["Tesla"]);
    const paged = await search({ sort: "year_desc", page: 2, pageSize: 2 });
    expect(paged.body.data).toMatchObject({ total, page: 2, pageSize: 2 });
    expect(paged.body.data.items).toHaveLength(2);

    const widget = await call(app, {
      method: "POST",
      url: "/api/mobile/inventory/search",
      headers: { "x-app": appA },
      payload: { fuel: ["Electric"] },
    });
    expect(widget.status).toBe(200);
    expect(widget.body.data.items.map((v: { vin: string }) => v.vin)).toEqual([VINS[3]]);
    const lead = await call(app, {
      method: "POST",
      url: `/api/mobile/inventory/${widget.body.data.items[0].id}/leads`,
      headers: { "x-app": appA },
      payload: { name: "Robin", email: "robin@example.com", comments: "Is it still there?" },
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(200);
    const stored = (await app.database.execute("select * from leads where id = $1", [lead.body.data.id]))
      .rows[0];
    expect(stored).toMatchObject({
      app_id: appA,
      source: "inventory",
      name: "Robin",
      comments: "Is it still there?",
    });
    expect(stored.context).toEqual({
      inventoryId: widget.body.data.items[0].id,
      vin: VINS[3],
      stockNumber: "S3",
      title: "2023 Tesla Model 3",
    });
    const noContact = await call(app, {
      method: "POST",
      url: `/api/mobile/inventory/${widget.body.data.items[0].id}/leads`,
      headers: { "x-app": appA },
      payload: { name: "Robin" },
    });
    expect(noContact.status).toBe(400);
    expect(noContact.body.error.details).toEqual([
      { path: "/email", message: "Enter an e-mail or a phone number" },
    ]);
    const detail = await call(app, {
      method: "GET",
      url: `/api/mobile/inventory/${widget.body.data.items[0].id}`,
      headers: { "x-app": appB },
    });
    expect(detail.status).toBe(404);
    expect(detail.body.error.message).toBe("Vehicle not found");
  });
});

describe("the inventory report", () => {
  it("counts views, favourites and leads per vehicle from the widget's signals (analytics.read)", async () => {
    const { rows: found } = await app.database.execute(
      "select id from dealer_vehicles where app_id = $1 and vin = $2",
      [appA, VINS[3]],
    );
    const tesla = found[0].id as string;
    const signal = (name: string, data: Record<string, unknown>) => ({
      id: randomUUID(),
      time: new Date().toISOString(),
      appId: appA,
      platform: "Web",
      name,
      data,
    });
    const sent = await call(app, {
      method: "POST",
      url: "/api/mobile/analytics/events",
      headers: { "x-app": appA },
      payload: [
        signal("page_view", { page: "inventory_details", inventoryId: tesla }),
        signal("page_view", { page: "inventory_details", inventoryId: tesla }),
        signal("inventory_favorite", { inventoryId: tesla }),
        signal("page_view", { page: "inventory" }),
      ],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await foldAllAnalytics(app.database.db);
    const report = await call(app, {
      method: "POST",
      url: `/api/apps/${appA}/analytics/inventory/report`,
      headers: manager.headers,
      payload: {},
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    // The lead sent about the Tesla in the search test counts too.
    expect(report.body.data.items).toEqual([
      { inventoryId: tesla, vin: VINS[3], title: "2023 Tesla Model 3", views: 2, favorites: 1, leads: 1 },
    ]);
    expect(report.body.data.totals).toEqual({ views: 2, favorites: 1, leads: 1 });
    const bad = await call(app, {
      method: "POST",
      url: `/api/apps/${appA}/analytics/inventory/report`,
      headers: manager.headers,
      payload: { from: "2026-12-01", to: "2026-11-01" },
    });
    expect(bad.body.error.details).toEqual([{ path: "/from", message: "The start is after the end" }]);
    // A bad bound alone (the default start is derived from it) is a 400 on its field, not a 500.
    const notADay = await call(app, {
      method: "POST",
      url: `/api/apps/${appA}/analytics/inventory/report`,
      headers: manager.headers,
      payload: { to: "Owner" },
    });
    expect(notADay.status).toBe(400);
    expect(notADay.body.error.details).toEqual([
      { path: "/to", message: "To must be a date like 2026-11-23" },
    ]);
    const associateTry = await call(app, {
      method: "POST",
      url: `/api/apps/${appA}/analytics/inventory/report`,
      headers: associate.headers,
      payload: {},
    });
    expect(associateTry.status).toBe(403);
  });
});

describe("the end user's own records", () => {
  let pat: TestEndUser;
  let lee: TestEndUser;
  beforeAll(async () => {
    pat = await testEndUser(app, appA, { email: "pat@example.com" });
    lee = await testEndUser(app, appA, { email: "lee@example.com" });
    await push(keyA, "repair-orders", [
      { roNumber: "RO-LEE", date: "2026-10-06", email: "LEE@example.com", total: 10 },
      { roNumber: "RO-VIN", date: "2026-10-07", vin: "JH4KA7561PC000099", total: 12 },
    ]);
    await app.database.execute(
      "insert into end_user_vehicles (end_user_id, position, vin) values ($1, 0, 'jh4ka7561pc000099')",
      [lee.id],
    );
  });
  const mine = (who: TestEndUser, kind: string, userId = who.id) =>
    call(app, { method: "GET", url: `/api/mobile/users/${userId}/${kind}`, headers: who.headers });

  it("sees repair orders by e-mail or a VIN of their vehicles, never another's", async () => {
    expect((await mine(pat, "repair-orders")).body.data.map((r: { roNumber: string }) => r.roNumber)).toEqual(
      ["RO-100"],
    );
    expect((await mine(lee, "repair-orders")).body.data.map((r: { roNumber: string }) => r.roNumber)).toEqual(
      ["RO-VIN", "RO-LEE"],
    );
    const theft = await mine(lee, "repair-orders", pat.id);
    expect(theft.status).toBe(401);
    expect(JSON.stringify(theft.body)).not.toContain("RO-100");
    expect((await mine(pat, "deals")).body.data).toEqual([]);
  });

  it("keeps glovebox documents per user, listed by the admin app-user files calls", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const boundary = "----dealerdoc";
    const upload = await call(app, {
      method: "POST",
      url: `/api/mobile/users/${pat.id}/documents?kind=insurance&title=Insurance%20card`,
      headers: { ...pat.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect(upload.body.data).toMatchObject({
      kind: "insurance",
      title: "Insurance card",
      contentType: "image/png",
    });
    expect((await mine(pat, "documents")).body.data).toHaveLength(1);
    expect((await mine(lee, "documents")).body.data).toEqual([]);
    const file = await call(app, {
      method: "GET",
      url: `/api/mobile/users/${lee.id}/documents/${upload.body.data.id}/file`,
      headers: lee.headers,
    });
    expect(file.status).toBe(404);
    const admin = await testUser(app, "Admin");
    const files = await call(app, {
      method: "GET",
      url: `/api/admin/apps/app-users/files?appId=${appA}`,
      headers: admin.headers,
    });
    expect(files.body.data.map((f: { id: string }) => f.id)).toContain(upload.body.data.fileId);
    const console = await call(app, {
      method: "GET",
      url: `/api/apps/${appA}/app-users/${pat.id}/documents`,
      headers: associate.headers,
    });
    expect(console.body.data.map((d: { title: string }) => d.title)).toEqual(["Insurance card"]);
  });
});

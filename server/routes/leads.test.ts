import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../services/csv.ts";
import { call, grantRole, type TestUser, testApp, testAppOf, testUser } from "../test-helpers.ts";
import { insertOffer } from "../testing/offers.ts";

/** The console's leads and form data: lists, detail, delete and CSV exports, per role and per app. */
let app: FastifyInstance;
let owner: TestUser;
let manager: TestUser;
let service: TestUser;
let associate: TestUser;
let stranger: TestUser;
let appA: string;
let appB: string;
let offerId: string;
const ids: Record<string, string> = {};

const FORM = {
  id: "0d7c1f52-6a3e-4b8e-9a43-0000000000f1",
  type: "Form",
  title: "Service request",
  fields: [
    { name: "Full name", type: "Text" },
    { name: "Email", type: "Email" },
    { name: "Message", type: "TextArea" },
    { name: "Loaner", type: "Checkbox" },
  ],
};
const OTHER_FORM = {
  id: "0d7c1f52-6a3e-4b8e-9a43-0000000000f2",
  type: "Form",
  title: "Trade-in",
  fields: [],
};

const sql = (text: string, params: unknown[] = []) => app.database.execute(text, params);

async function submission(appId: string, featureId: string, title: string, values: object, at: string) {
  const { rows } = await sql(
    "insert into form_data (app_id, feature_id, title, values, created_at) values ($1, $2, $3, $4::jsonb, $5) returning id",
    [appId, featureId, title, JSON.stringify(values), at],
  );
  return rows[0].id as string;
}

async function lead(appId: string, fields: Record<string, unknown>, at: string) {
  const keys = Object.keys(fields);
  const { rows } = await sql(
    `insert into leads (app_id, created_at, ${keys.map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)).join(", ")})
     values ($1, $2, ${keys.map((_, i) => `$${i + 3}`).join(", ")}) returning id`,
    [appId, at, ...keys.map((k) => (k === "context" ? JSON.stringify(fields[k]) : fields[k]))],
  );
  return rows[0].id as string;
}

beforeAll(async () => {
  app = await testApp();
  [owner, manager, service, associate, stranger] = await Promise.all([
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
    testUser(app),
  ]);
  appA = await testAppOf(app, owner, "Lead Motors");
  appB = await testAppOf(app, stranger, "Other Lead Motors");
  await grantRole(app, manager.id, appA, "Manager");
  await grantRole(app, service.id, appA, "Service");
  await grantRole(app, associate.id, appA, "Associate");
  await sql("update apps set definition = jsonb_set(definition, '{features}', $2::jsonb) where id = $1", [
    appA,
    JSON.stringify([FORM, OTHER_FORM]),
  ]);
  offerId = await insertOffer(app, { apps: [appA], title: "Winter tires" });
  ids.formA = await submission(
    appA,
    FORM.id,
    "Service request",
    { "Full name": "Ann Smith", Email: "ann@example.com", Message: "Brakes squeak", Loaner: true },
    "2026-03-01T10:00:00Z",
  );
  ids.formOld = await submission(
    appA,
    FORM.id,
    "Service form",
    { "Full name": "Old Name" },
    "2026-02-01T10:00:00Z",
  );
  ids.trade = await submission(appA, OTHER_FORM.id, "Trade-in", { Vehicle: "Civic" }, "2026-03-02T10:00:00Z");
  ids.formB = await submission(
    appB,
    FORM.id,
    "Service request",
    { "Full name": "Bravo Person" },
    "2026-03-01T10:00:00Z",
  );
  ids.leadForm = await lead(
    appA,
    {
      source: "form",
      formDataId: ids.formA,
      name: "Ann Smith",
      email: "ann@example.com",
      comments: "Brakes squeak",
    },
    "2026-03-01T10:00:00Z",
  );
  ids.leadOffer = await lead(
    appA,
    {
      source: "offer",
      offerId,
      name: "Bob Jones",
      phone: "+15550001111",
      comments: "Price?",
      context: { vin: "1HGCM82633A004352" },
    },
    "2026-03-03T10:00:00Z",
  );
  ids.leadOld = await lead(appA, { source: "form", name: "Cal Early" }, "2026-01-15T10:00:00Z");
  ids.leadB = await lead(appB, { source: "form", name: "Bravo Lead" }, "2026-03-01T10:00:00Z");
}, 120_000);
afterAll(() => app.close());

const get = (url: string, who: TestUser = owner) => call(app, { method: "GET", url, headers: who.headers });
const del = (url: string, who: TestUser = owner) =>
  call(app, { method: "DELETE", url, headers: who.headers });

describe("leads", () => {
  it("lists the app's leads newest first with their offer, form and values", async () => {
    const res = await get(`/api/apps/${appA}/leads`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.items).toEqual([
      {
        id: ids.leadOffer,
        source: "offer",
        name: "Bob Jones",
        email: null,
        phone: "+15550001111",
        comments: "Price?",
        createdAt: "2026-03-03T10:00:00.000Z",
        userId: null,
        offer: { id: offerId, title: "Winter tires" },
        context: { vin: "1HGCM82633A004352" },
      },
      {
        id: ids.leadForm,
        source: "form",
        name: "Ann Smith",
        email: "ann@example.com",
        phone: null,
        comments: "Brakes squeak",
        createdAt: "2026-03-01T10:00:00.000Z",
        userId: null,
        form: { id: ids.formA, title: "Service request" },
        values: {
          "Full name": "Ann Smith",
          Email: "ann@example.com",
          Message: "Brakes squeak",
          Loaner: true,
        },
      },
      expect.objectContaining({ id: ids.leadOld, name: "Cal Early" }),
    ]);
  });

  it("searches by text and dates, and pages", async () => {
    const names = async (query: string) =>
      (await get(`/api/apps/${appA}/leads?${query}`)).body.data.items.map((l: { name: string }) => l.name);
    expect(await names("q=squeak")).toEqual(["Ann Smith"]);
    expect(await names("q=0001111")).toEqual(["Bob Jones"]);
    // Digits however typed, against the phone however stored.
    expect(await names(`q=${encodeURIComponent("(555) 000-11")}`)).toEqual(["Bob Jones"]);
    expect(await names("q=100%25")).toEqual([]);
    expect(await names("from=2026-02-01T00:00:00Z")).toEqual(["Bob Jones", "Ann Smith"]);
    expect(await names("to=2026-03-01T10:00:00Z")).toEqual(["Cal Early"]);
    const page = await get(`/api/apps/${appA}/leads?take=1&skip=1`);
    expect(page.body.data).toMatchObject({ total: 3, items: [{ name: "Ann Smith" }] });
    expect((await get(`/api/apps/${appA}/leads?take=201`)).status).toBe(400);
    expect((await get(`/api/apps/${appA}/leads?from=yesterday`)).status).toBe(400);
  });

  it("lets Owners, Managers and Service read, only Owners and Managers delete", async () => {
    for (const who of [owner, manager, service])
      expect((await get(`/api/apps/${appA}/leads/${ids.leadForm}`, who)).body.data.id).toBe(ids.leadForm);
    for (const url of [
      `/api/apps/${appA}/leads`,
      `/api/apps/${appA}/leads/${ids.leadForm}`,
      `/api/apps/${appA}/leads/csv`,
    ]) {
      const res = await get(url, associate);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("Forbidden");
      expect((await get(url, stranger)).status).toBe(404);
      expect((await call(app, { method: "GET", url })).status).toBe(401);
    }
    const gone = await lead(appA, { source: "form", name: "Delete Me" }, "2026-03-04T10:00:00Z");
    expect((await del(`/api/apps/${appA}/leads/${gone}`, service)).status).toBe(403);
    expect((await del(`/api/apps/${appA}/leads/${gone}`, associate)).status).toBe(403);
    expect(await del(`/api/apps/${appA}/leads/${gone}`, manager)).toMatchObject({
      status: 200,
      body: { data: true },
    });
    expect((await get(`/api/apps/${appA}/leads/${gone}`)).status).toBe(404);
    expect((await del(`/api/apps/${appA}/leads/${gone}`)).body.error.code).toBe("LeadNotFound");
  });

  it("answers 404 for another app's lead, an unknown and a malformed id, and never deletes it", async () => {
    for (const id of [ids.leadB, randomUUID(), "nope"]) {
      const res = await get(`/api/apps/${appA}/leads/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: "LeadNotFound", message: "Lead not found" });
      expect((await del(`/api/apps/${appA}/leads/${id}`)).status).toBe(404);
    }
    expect((await get(`/api/apps/${appB}/leads/${ids.leadB}`, stranger)).body.data.name).toBe("Bravo Lead");
  });

  it("exports the leads as CSV with a BOM, narrowed like the list, formulas escaped", async () => {
    const hostile = await lead(
      appA,
      {
        source: "form",
        name: '=HYPERLINK("http://evil.example")',
        comments: '@SUM(1)\nsecond line, "quoted"',
      },
      "2026-01-10T10:00:00Z",
    );
    const res = await app.inject({
      method: "GET",
      url: `/api/apps/${appA}/leads/csv`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.body;
    expect(text.split("\r\n")[0]).toBe(
      "\uFEFFDate,Source,Name,Email,Phone,Comments,Offer,Form,Fields,User id",
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).toContain(`"'@SUM(1)\nsecond line, ""quoted"""`);
    const { rows } = parseCsv(text, ["Date", "Source", "Name", "Comments", "Offer", "Form", "Fields"]);
    expect(rows.map((r) => r.record.Name)).toEqual([
      "Bob Jones",
      "Ann Smith",
      "Cal Early",
      '=HYPERLINK("http://evil.example")',
    ]);
    expect(rows[0].record).toMatchObject({ Offer: "Winter tires", Source: "offer" });
    expect(rows[1].record).toMatchObject({
      Form: "Service request",
      Fields: "Full name: Ann Smith\nEmail: ann@example.com\nMessage: Brakes squeak\nLoaner: Yes",
    });
    expect(rows[3].record.Comments).toBe('@SUM(1)\nsecond line, "quoted"');
    const narrowed = await app.inject({
      method: "GET",
      url: `/api/apps/${appA}/leads/csv?q=squeak`,
      headers: owner.headers,
    });
    expect(parseCsv(narrowed.body, ["Name"]).rows.map((r) => r.record.Name)).toEqual(["Ann Smith"]);
    expect(text).not.toContain("Bravo Lead");
    await del(`/api/apps/${appA}/leads/${hostile}`);
  });
});

describe("form data", () => {
  it("lists submissions newest first with every form and its count, the latest title of each", async () => {
    const res = await get(`/api/apps/${appA}/form-data`, service);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.items.map((i: { id: string }) => i.id)).toEqual([ids.trade, ids.formA, ids.formOld]);
    expect(res.body.data.items[1]).toEqual({
      id: ids.formA,
      featureId: FORM.id,
      title: "Service request",
      userId: null,
      values: { "Full name": "Ann Smith", Email: "ann@example.com", Message: "Brakes squeak", Loaner: true },
      createdAt: "2026-03-01T10:00:00.000Z",
    });
    expect(res.body.data.forms).toEqual([
      { featureId: OTHER_FORM.id, title: "Trade-in", count: 1 },
      { featureId: FORM.id, title: "Service request", count: 2 },
    ]);
    const one = await get(`/api/apps/${appA}/form-data?featureId=${FORM.id}&take=1&skip=1`);
    expect(one.body.data).toMatchObject({ total: 2, items: [{ id: ids.formOld }] });
  });

  it("shows one submission to Owners, Managers and Service; 404 for another app's; 403 to Associates", async () => {
    for (const who of [owner, manager, service])
      expect((await get(`/api/apps/${appA}/form-data/${ids.formA}`, who)).body.data.id).toBe(ids.formA);
    expect((await get(`/api/apps/${appA}/form-data/${ids.formA}`, associate)).status).toBe(403);
    expect((await get(`/api/apps/${appA}/form-data`, associate)).status).toBe(403);
    expect((await get(`/api/apps/${appA}/form-data/csv`, associate)).status).toBe(403);
    expect((await get(`/api/apps/${appA}/form-data/${ids.formA}`, stranger)).status).toBe(404);
    for (const id of [ids.formB, randomUUID(), "nope"]) {
      const res = await get(`/api/apps/${appA}/form-data/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({
        code: "FormDataNotFound",
        message: "Form submission not found",
      });
      expect((await del(`/api/apps/${appA}/form-data/${id}`)).status).toBe(404);
    }
    expect((await get(`/api/apps/${appB}/form-data/${ids.formB}`, stranger)).status).toBe(200);
  });

  it("exports one form's submissions as CSV, one column per field, Yes/No, BOM, formulas escaped", async () => {
    const hostile = await submission(
      appA,
      FORM.id,
      "Service request",
      { "Full name": "-1+2", Message: "\tTabbed", "=Injected": "+cmd|' /C calc'!A0" },
      "2026-03-05T10:00:00Z",
    );
    const res = await app.inject({
      method: "GET",
      url: `/api/apps/${appA}/form-data/csv?featureId=${FORM.id}`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="form-data-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // The form's fields in the form's order, then a field the form does not have.
    expect(res.body.split("\r\n")[0]).toBe(
      "\uFEFFDate,Form,User id,Full name,Email,Message,Loaner,'=Injected",
    );
    const { rows } = parseCsv(res.body, [
      "Date",
      "Form",
      "Full name",
      "Message",
      "Email",
      "Loaner",
      "=Injected",
    ]);
    expect(rows.map((r) => r.record)).toEqual([
      {
        Date: "2026-03-05T10:00:00.000Z",
        Form: "Service request",
        "Full name": "-1+2",
        Message: "\tTabbed",
        "=Injected": "+cmd|' /C calc'!A0",
      },
      {
        Date: "2026-03-01T10:00:00.000Z",
        Form: "Service request",
        "Full name": "Ann Smith",
        Message: "Brakes squeak",
        Email: "ann@example.com",
        Loaner: "Yes",
      },
      { Date: "2026-02-01T10:00:00.000Z", Form: "Service form", "Full name": "Old Name" },
    ]);
    expect(res.body.split("\r\n")[1]).toBe(
      "2026-03-05T10:00:00.000Z,Service request,,'-1+2,,'\tTabbed,,'+cmd|' /C calc'!A0",
    );
    expect(res.body).not.toContain("Civic");
    await del(`/api/apps/${appA}/form-data/${hostile}`);
  });

  it("deletes a submission with its lead for Owners and Managers only", async () => {
    const sub = await submission(
      appA,
      FORM.id,
      "Service request",
      { "Full name": "Gone Soon" },
      "2026-03-06T10:00:00Z",
    );
    const leadId = await lead(
      appA,
      { source: "form", formDataId: sub, name: "Gone Soon" },
      "2026-03-06T10:00:00Z",
    );
    expect((await del(`/api/apps/${appA}/form-data/${sub}`, service)).status).toBe(403);
    expect(await del(`/api/apps/${appA}/form-data/${sub}`, manager)).toMatchObject({
      status: 200,
      body: { data: true },
    });
    expect((await get(`/api/apps/${appA}/form-data/${sub}`)).status).toBe(404);
    expect((await get(`/api/apps/${appA}/leads/${leadId}`)).status).toBe(404);
  });
});

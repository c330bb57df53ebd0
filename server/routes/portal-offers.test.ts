import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEND_OFFER_LIMITS } from "../ops/portal-offers.ts";
import { call, type TestUser, testApp, testAppOf, testEndUser, testUser } from "../test-helpers.ts";
import { insertOffer } from "../testing/offers.ts";

/**
 * The customer portal's offer calls (issue 17): 'Please Provide Your Information' becomes a lead of the
 * offer that the console lists with the offer's title; Send Offer mails or texts the offer's title and the
 * portal's link, for the signed-in customer only, within the limits per customer, per address and per app.
 */
let app: FastifyInstance;
let owner: TestUser;
let appId: string;
let otherAppId: string;

beforeAll(async () => {
  app = await testApp({ config: { publicUrl: "https://portal.example" } });
  owner = await testUser(app);
  appId = await testAppOf(app, owner, "Portal Motors");
  otherAppId = await testAppOf(app, await testUser(app), "Other Motors");
});
afterAll(() => app.close());

const lead = (offerId: string, payload: object, x = appId) =>
  call(app, { method: "POST", url: `/api/mobile/offers/${offerId}/leads`, headers: { "x-app": x }, payload });
const mails = async (to: string) =>
  (await app.database.execute('select subject, text from mail_outbox where "to" = $1', [to])).rows as {
    subject: string;
    text: string;
  }[];

describe("Please Provide Your Information", () => {
  it("creates a lead about the offer that the console lists with the offer's title", async () => {
    const offerId = await insertOffer(app, { apps: [appId], title: "Oil change $19.99" });
    const res = await lead(offerId, {
      name: " Pat Doe ",
      phone: "+1 555 123 4567",
      email: "pat@example.com",
      comments: "Saturday morning?",
    });
    expect(res.status).toBe(200);
    const list = await call(app, {
      method: "GET",
      url: `/api/apps/${appId}/leads`,
      headers: owner.headers,
    });
    expect(list.status).toBe(200);
    const row = list.body.data.items.find((l: { id: string }) => l.id === res.body.data.id);
    expect(row).toMatchObject({
      source: "offer",
      name: "Pat Doe",
      phone: "+1 555 123 4567",
      email: "pat@example.com",
      comments: "Saturday morning?",
      offer: { id: offerId, title: "Oil change $19.99" },
    });
  });

  it("requires Name, Phone and Email (Comments are optional), and an offer of this app", async () => {
    const offerId = await insertOffer(app, { apps: [appId] });
    const missing = await lead(offerId, { name: "Pat", phone: " ", email: "pat@example.com" });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "Validation", message: "Phone is required" });
    const ok = await lead(offerId, { name: "Pat", phone: "5551234567", email: "pat@example.com" });
    expect(ok.status).toBe(200);
    const foreign = await insertOffer(app, { apps: [otherAppId] });
    const elsewhere = await lead(foreign, { name: "Pat", phone: "5551234567", email: "pat@example.com" });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.code).toBe("OfferNotFound");
  });
});

describe("Send Offer", () => {
  const send = (u: { id: string; headers: Record<string, string> }, offerId: string, payload: object) =>
    call(app, {
      method: "POST",
      url: `/api/mobile/users/${u.id}/offers/${offerId}/send`,
      headers: u.headers,
      payload,
    });

  it("mails the offer's title and the portal's link to the address", async () => {
    const u = await testEndUser(app, appId);
    const offerId = await insertOffer(app, { apps: [appId], title: "Tire rotation" });
    const to = `friend-${Date.now()}@example.com`;
    const res = await send(u, offerId, { channel: "email", to: to.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sent: true });
    expect(await mails(to)).toEqual([
      {
        subject: "A special offer from “Portal Motors”: “Tire rotation”",
        text: `“Tire rotation” from “Portal Motors”. See it and redeem it at https://portal.example/portal/${appId}#coupons`,
      },
    ]);
  });

  it("texts a phone in E.164, and keeps links an offer's title carries out of the message", async () => {
    const u = await testEndUser(app, appId);
    const offerId = await insertOffer(app, {
      apps: [appId],
      kind: "event",
      title: "Win at http://spam.example",
    });
    const res = await send(u, offerId, { channel: "sms", to: "+1 (555) 010-2030" });
    expect(res.status).toBe(200);
    const { rows } = await app.database.execute('select "to", text from sms_outbox where "to" = $1', [
      "+15550102030",
    ]);
    expect(rows).toHaveLength(1);
    expect((rows[0] as { text: string }).text).not.toContain("http://spam");
    expect((rows[0] as { text: string }).text).toContain(`https://portal.example/portal/${appId}#promotions`);
  });

  it("is the signed-in customer's own: no token, another's token or another app's offer are refused", async () => {
    const u = await testEndUser(app, appId);
    const other = await testEndUser(app, appId);
    const offerId = await insertOffer(app, { apps: [appId] });
    const body = { channel: "email", to: "nobody@example.com" };
    expect((await send({ id: u.id, headers: { "x-app": appId } }, offerId, body)).status).toBe(401);
    expect((await send({ id: u.id, headers: other.headers }, offerId, body)).status).toBe(401);
    const foreign = await insertOffer(app, { apps: [otherAppId] });
    const res = await send(u, foreign, body);
    expect(res.status).toBe(404);
    const personal = await insertOffer(app, { apps: [appId], personalized: true });
    expect((await send(u, personal, body)).status).toBe(404);
    expect(await mails("nobody@example.com")).toEqual([]);
  });

  it("stops at the hourly limit per address and per customer with OfferSendLimit", async () => {
    const offerId = await insertOffer(app, { apps: [appId] });
    const to = `limited-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < SEND_OFFER_LIMITS.perAddress + 1; i++)
      statuses.push((await send(await testEndUser(app, appId), offerId, { channel: "email", to })).status);
    expect(statuses).toEqual([...Array(SEND_OFFER_LIMITS.perAddress).fill(200), 429]);
    expect(await mails(to)).toHaveLength(SEND_OFFER_LIMITS.perAddress);

    const u = await testEndUser(app, appId);
    const last: { status: number; code?: string }[] = [];
    for (let i = 0; i < SEND_OFFER_LIMITS.perUser + 1; i++) {
      const res = await send(u, offerId, { channel: "email", to: `each-${i}-${Date.now()}@example.com` });
      last.push({ status: res.status, code: res.body.error?.code });
    }
    expect(last.slice(0, SEND_OFFER_LIMITS.perUser).every((r) => r.status === 200)).toBe(true);
    expect(last[SEND_OFFER_LIMITS.perUser]).toEqual({ status: 429, code: "OfferSendLimit" });
  });
});

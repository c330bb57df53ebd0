import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, grantRole, type TestUser, testApp, testAppOf, testUser } from "../test-helpers.ts";

/** The spec's team check by e-mail domain (§6): outside addresses need a confirmation and are marked external. */
let app: FastifyInstance;
let owner: TestUser;
let manager: TestUser;
let appId: string;
const url = () => `/api/accounts/app/${appId}/managers`;

beforeAll(async () => {
  app = await testApp();
  owner = await testUser(app, "User", "owner@dealer.example");
  manager = await testUser(app, "User", "manager@dealer.example");
  appId = await testAppOf(app, owner, "Domain Motors");
  await grantRole(app, manager.id, appId, "Manager");
}, 60_000);
afterAll(() => app.close());

const invite = (payload: object, who: TestUser = owner) =>
  call(app, { method: "POST", url: url(), headers: who.headers, payload });
const mailsTo = async (to: string) =>
  (await app.database.execute('select subject from mail_outbox where "to" = $1', [to])).rows;
const team = async () =>
  Object.fromEntries(
    (await call(app, { method: "GET", url: url(), headers: manager.headers })).body.data.map(
      (m: { email: string; external: boolean }) => [m.email, m.external],
    ),
  );

describe("inviting outside the Owners' e-mail domain", () => {
  it("invites an address of the team's domain at once, not external", async () => {
    const res = await invite({ email: "Service@Dealer.example", role: "Service" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ result: "InvitationSent", manager: { external: false } });
  });

  it("asks for a confirmation (409 ExternalInvite) and sends nothing until it is given", async () => {
    const res = await invite({ email: "pal@gmail.example", role: "Associate" });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: "ExternalInvite",
      message:
        "pal@gmail.example is at gmail.example, outside your team's e-mail domain (dealer.example). Invite this address anyway?",
      details: { domain: "gmail.example", teamDomains: ["dealer.example"] },
    });
    expect(await mailsTo("pal@gmail.example")).toEqual([]);
    expect(Object.keys(await team())).not.toContain("pal@gmail.example");
    const no = await invite({ email: "pal@gmail.example", role: "Associate", confirmExternal: false });
    expect(no.status).toBe(409);

    const confirmed = await invite({ email: "pal@gmail.example", role: "Associate", confirmExternal: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      result: "InvitationSent",
      manager: { email: "pal@gmail.example", status: "Invited", external: true },
    });
    expect(await mailsTo("pal@gmail.example")).toHaveLength(1);
  });

  it("asks for an existing account outside the domain too, and the list marks external members", async () => {
    const outsider = await testUser(app, "User", "consultant@agency.example");
    expect((await invite({ email: outsider.email, role: "Service" }, manager)).body.error.code).toBe(
      "ExternalInvite",
    );
    const granted = await invite({ email: outsider.email, role: "Service", confirmExternal: true }, manager);
    expect(granted.body.data).toMatchObject({
      result: "AppPermissionsGranted",
      manager: { id: outsider.id, status: "Active", external: true },
    });
    expect(await team()).toEqual({
      "owner@dealer.example": false,
      "manager@dealer.example": false,
      "service@dealer.example": false,
      "pal@gmail.example": true,
      "consultant@agency.example": true,
    });
  });

  it("takes every Owner's domain as the team's: a second Owner's domain is inside", async () => {
    const second = await testUser(app, "User", "boss@group.example");
    await grantRole(app, second.id, appId, "Owner");
    const res = await invite({ email: "clerk@group.example", role: "Associate" });
    expect(res.status).toBe(200);
    expect(res.body.data.manager.external).toBe(false);
    const outside = await invite({ email: "x@elsewhere.example", role: "Associate" });
    expect(outside.body.error.message).toBe(
      "x@elsewhere.example is at elsewhere.example, outside your team's e-mail domain (dealer.example, group.example). Invite this address anyway?",
    );
  });
});

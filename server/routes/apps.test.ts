import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, signedIn, testApp } from "../test-helpers.ts";

let app: FastifyInstance;
let owner: { authorization: string };
let stranger: { authorization: string };
beforeAll(async () => {
  app = await testApp();
  owner = await signedIn(app);
  stranger = await signedIn(app);
});
afterAll(() => app.close());

const create = (headers: Record<string, string>, definition: object, extra: object = {}) =>
  call(app, { method: "POST", url: "/api/apps", headers, payload: { definition, ...extra } });

describe("apps", () => {
  it("creates an app whose creator is Owner and lists only the caller's apps", async () => {
    const res = await create(owner, { name: "Sunset Motors", logo: "/api/images/x.png" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: "Owner", version: 1, lang: "en", status: "Active" });
    expect(res.body.data.slug).toMatch(/^sunset-motors-/);

    const mine = await call(app, { method: "GET", url: "/api/apps", headers: owner });
    expect(mine.body.data.map((a: any) => a.appId)).toContain(res.body.data.appId);
    const theirs = await call(app, { method: "GET", url: "/api/apps", headers: stranger });
    expect(theirs.body.data).toEqual([]);
  });

  it.each([
    ["", "value can't be empty"],
    ["abc", "value should be minimum 4 characters"],
    ["x".repeat(61), "value should be maximum 60 characters"],
  ])("rejects the name %j with %s", async (name, message) => {
    const res = await create(owner, { name });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ message, code: "Validation" });
    expect(res.body.error.details).toContainEqual({ path: "/definition/name", message });
  });

  it.each([
    ["abcd", "value should be minimum 5 characters"],
    ["a".repeat(81), "value should be maximum 80 characters"],
  ])("rejects the slug %j with %s", async (slug, message) => {
    const res = await create(owner, { name: "Fine Name" }, { slug });
    expect(res).toMatchObject({ status: 400, body: { error: { message } } });
  });

  it("keeps slugs unique", async () => {
    await create(owner, { name: "First" }, { slug: "unique-slug" });
    const res = await create(owner, { name: "Second" }, { slug: "unique-slug" });
    expect(res).toMatchObject({ status: 409, body: { error: { code: "SlugTaken" } } });
  });

  it("hides another account's app: 404 and none of its data", async () => {
    const { body } = await create(owner, { name: "Private Garage", website: "secret.example.com" });
    const id = body.data.appId;
    for (const method of ["GET", "PUT"] as const) {
      const res = await call(app, {
        method,
        url: `/api/apps/${id}`,
        headers: stranger,
        payload:
          method === "PUT" ? { version: 1, slug: "taken-over", definition: { name: "Hacked" } } : undefined,
      });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("Private Garage");
      expect(JSON.stringify(res.body)).not.toContain("secret.example.com");
    }
    const still = await call(app, { method: "GET", url: `/api/apps/${id}`, headers: owner });
    expect(still.body.data.definition.name).toBe("Private Garage");
  });

  it("saves with optimistic concurrency: a save based on an old version gets 409 with the current app", async () => {
    const { body } = await create(owner, { name: "Race Motors" });
    const { appId, slug } = body.data;
    const first = await call(app, {
      method: "PUT",
      url: `/api/apps/${appId}`,
      headers: owner,
      payload: { version: 1, slug, definition: { name: "Race Motors A" } },
    });
    expect(first.body.data).toMatchObject({ version: 2, definition: { name: "Race Motors A" } });
    const second = await call(app, {
      method: "PUT",
      url: `/api/apps/${appId}`,
      headers: owner,
      payload: { version: 1, slug, definition: { name: "Race Motors B" } },
    });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("VersionConflict");
    expect(second.body.error.details.current).toMatchObject({
      version: 2,
      definition: { name: "Race Motors A" },
    });
  });

  it("serves the public app to the widget by header, and 404 'The app has been discontinued' when Inactive", async () => {
    const { body } = await create(owner, { name: "Widget Motors", cover: "/api/images/c.png" });
    const appId = body.data.appId;
    const res = await call(app, { method: "GET", url: "/api/mobile/app", headers: { "x-app": appId } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      appId,
      definition: { name: "Widget Motors", cover: "/api/images/c.png" },
    });
    expect(res.body.data.role).toBeUndefined();

    expect((await call(app, { method: "GET", url: "/api/mobile/app" })).status).toBe(400);
    const unknown = await call(app, {
      method: "GET",
      url: "/api/mobile/app",
      headers: { "x-app": "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: { message: "App not found" } } });

    await app.database.execute("update apps set status = 'Inactive' where id = $1", [appId]);
    // A save goes through the API and clears the cache; a status change made elsewhere waits for the TTL.
    // Stand just past the cache's 5 s lifetime instead of sleeping through it.
    const later = Date.now() + 5001;
    const clock = vi.spyOn(Date, "now").mockReturnValue(later);
    const gone = await call(app, {
      method: "GET",
      url: "/api/mobile/app",
      headers: { "x-app": appId },
    }).finally(() => clock.mockRestore());
    expect(gone).toMatchObject({
      status: 404,
      body: { error: { message: "The app has been discontinued" } },
    });
  });
});

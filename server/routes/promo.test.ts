import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, grantRole, type TestUser, testApp, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let owner: TestUser;
let stranger: TestUser;
let appId: string;

/** The user's Authorization header (test-helpers is being reshaped: older users carry it flat, newer ones under headers). */
const auth = (u: TestUser): { authorization: string } => {
  const user = u as unknown as { authorization?: string; headers?: { authorization: string } };
  return user.headers ?? { authorization: user.authorization ?? "" };
};
const createApp = async (user: TestUser, payload: Record<string, unknown>) => {
  const res = await call(app, { method: "POST", url: "/api/apps", headers: auth(user), payload });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.appId as string;
};
const page = async (id: string, query = "") => (await app.inject({ url: `/promo/${id}${query}` })).body;
const validPromo = {
  title: "Shop Motors on your phone",
  items: [{ icon: "car.svg", title: "Service", subtitle: "Book a visit" }],
  backgroundColor: "#0b3d91",
  titleColor: "#ffffff",
  iconColor: "#ffcc00",
};

beforeAll(async () => {
  app = await testApp();
  owner = await testUser(app);
  stranger = await testUser(app);
  appId = await createApp(owner, { definition: { name: "Shop Motors" } });
});
afterAll(() => app.close());

describe("promo API", () => {
  it("needs a session", async () => {
    expect((await call(app, { method: "GET", url: `/api/apps/${appId}/promo` })).status).toBe(401);
    const put = await call(app, { method: "PUT", url: `/api/apps/${appId}/promo`, payload: validPromo });
    expect(put.status).toBe(401);
  });

  it("gives the owner the default promo (car: six items, the app's name in the title) and edit rights", async () => {
    const res = await call(app, { method: "GET", url: `/api/apps/${appId}/promo`, headers: auth(owner) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isDefault: true, editable: true });
    expect(res.body.data.promo.title).toContain("Shop Motors");
    expect(res.body.data.promo.title).not.toContain("{appName}");
    expect(res.body.data.promo.items).toHaveLength(6);
  });

  it("builds the default from makeModelType: Truck apps get the Truck set", async () => {
    const truck = await createApp(owner, { makeModelType: "Truck", definition: { name: "Big Rig Sales" } });
    const car = await call(app, { method: "GET", url: `/api/apps/${appId}/promo`, headers: auth(owner) });
    const res = await call(app, { method: "GET", url: `/api/apps/${truck}/promo`, headers: auth(owner) });
    expect(res.body.data.promo.items).toHaveLength(6);
    expect(res.body.data.promo.items).not.toEqual(car.body.data.promo.items);
  });

  it("lets the owner save a valid promo, which the API and the public page then show", async () => {
    const put = await call(app, {
      method: "PUT",
      url: `/api/apps/${appId}/promo`,
      headers: auth(owner),
      payload: validPromo,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ promo: validPromo, isDefault: false, editable: true });
    const get = await call(app, { method: "GET", url: `/api/apps/${appId}/promo`, headers: auth(owner) });
    expect(get.body.data.promo).toEqual(validPromo);
    const html = await page(appId);
    expect(html).toContain("Shop Motors on your phone");
    expect(html).toContain("Book a visit");
    // It is stored as the app's "promo" setting.
    const setting = await call(app, {
      method: "GET",
      url: `/api/apps/${appId}/settings/promo`,
      headers: auth(owner),
    });
    expect(setting.body.data.value).toEqual(validPromo);
  });

  it("validates with the spec's messages and field paths", async () => {
    const put = (payload: Record<string, unknown>) =>
      call(app, { method: "PUT", url: `/api/apps/${appId}/promo`, headers: auth(owner), payload });
    const blank = await put({ ...validPromo, title: " " });
    expect(blank.status).toBe(400);
    expect(blank.body.error.details).toContainEqual({ path: "/title", message: "value can't be empty" });
    const short = await put({ ...validPromo, items: [{ title: "S" }] });
    expect(short.status).toBe(400);
    expect(short.body.error.details).toContainEqual({
      path: "/items/0/title",
      message: "value should be minimum 2 characters",
    });
    const extra = await put({ ...validPromo, script: "x" });
    expect(extra.status).toBe(400);
  });

  it("refuses strangers (404, the app's existence is not revealed) and read-only roles (403)", async () => {
    const get = await call(app, { method: "GET", url: `/api/apps/${appId}/promo`, headers: auth(stranger) });
    expect(get.status).toBe(404);
    const put = await call(app, {
      method: "PUT",
      url: `/api/apps/${appId}/promo`,
      headers: auth(stranger),
      payload: { ...validPromo, title: "Hijacked" },
    });
    expect(put.status).toBe(404);

    const service = await testUser(app);
    await grantRole(app, service.id, appId, "Service");
    const seen = await call(app, { method: "GET", url: `/api/apps/${appId}/promo`, headers: auth(service) });
    expect(seen.body.data.editable).toBe(false);
    const refused = await call(app, {
      method: "PUT",
      url: `/api/apps/${appId}/promo`,
      headers: auth(service),
      payload: { ...validPromo, title: "Hijacked" },
    });
    expect(refused.status).toBe(403);
    expect(await page(appId)).not.toContain("Hijacked");
  });

  it("lets a Manager (editor role) and an Admin save", async () => {
    const manager = await testUser(app);
    await grantRole(app, manager.id, appId, "Manager");
    const admin = await testUser(app, "Admin");
    for (const [who, title] of [
      [manager, "Managed title"],
      [admin, "Admin title"],
    ] as const) {
      const res = await call(app, {
        method: "PUT",
        url: `/api/apps/${appId}/promo`,
        headers: auth(who),
        payload: { ...validPromo, title },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.editable).toBe(true);
    }
    expect(await page(appId)).toContain("Admin title");
  });
});

describe("promo page", () => {
  let fresh: string;
  beforeAll(async () => {
    fresh = await createApp(owner, {
      lang: "es",
      definition: {
        name: "Fresh <b>Motors</b>",
        logo: "/api/images/logo.png",
        cover: "/api/images/cover.png",
      },
    });
  });

  it("renders the default promo in the app's language, with its share tags and favicon", async () => {
    const html = await page(fresh);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(
      "Descarga la app Fresh &lt;b&gt;Motors&lt;/b&gt; para obtener ofertas exclusivas.",
    );
    expect(html).not.toContain("<b>Motors</b>");
    // The default promo (nothing saved yet) in the page's language.
    expect(html).toContain("Ofertas de servicio y refacciones");
    expect(html).toMatch(
      /<meta property="og:title" content="Descarga la app Fresh &lt;b&gt;Motors&lt;\/b&gt;">/,
    );
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/api\/images\/cover.png">/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="icon" href="/api/images/logo.png">');
    expect(html).toMatch(/<img[^>]+width="160" height="160"/);
  });

  it("?lang= overrides the app's language", async () => {
    const html = await page(fresh, "?lang=en");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Download Fresh &lt;b&gt;Motors&lt;/b&gt; app for exclusive specials.");
    expect(html).toContain("Service &amp; Parts Specials");
    expect(await page(fresh, "?lang=xx")).toContain('<html lang="es">');
  });

  it("says 'Failed to retreive promo page. Try to refresh' when the stored promo is unusable", async () => {
    const broken = await createApp(owner, { definition: { name: "Broken Motors" } });
    const res = await call(app, {
      method: "PUT",
      url: `/api/apps/${broken}/settings/promo`,
      headers: auth(owner),
      payload: { value: { items: "not a list" } },
    });
    expect(res.status).toBe(200);
    expect(await page(broken)).toContain("Failed to retreive promo page. Try to refresh");
  });

  it("renders owner content inert: no markup, no javascript: links, no CSS smuggled into styles", async () => {
    const saved = await call(app, {
      method: "PUT",
      url: `/api/apps/${fresh}/promo`,
      headers: auth(owner),
      payload: {
        title: '<img src=x onerror="alert(1)">',
        items: [
          { icon: 'x.svg");background:url(https://evil.test/t', title: "</script><script>alert(1)</script>" },
        ],
        backgroundColor: "red;background-image:url(https://evil.test/t)",
        bottomLogo: "javascript:alert(1)",
      },
    });
    expect(saved.status).toBe(200);
    // The rendered markup; the hydration data after it is JSON that cannot close its script tag.
    const [html, json] = (await page(fresh)).split('<script id="promo-props" type="application/json">');
    expect(json.split("</script>")[0]).not.toContain("<");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("evil.test");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("links the store buttons from the app's store URLs", async () => {
    const admin = await testUser(app, "Admin");
    const res = await call(app, {
      method: "PUT",
      url: `/api/admin/apps/${appId}/metadata`,
      headers: auth(admin),
      payload: {
        appleStoreUrl: "https://apps.apple.com/app/id123456",
        googlePlayUrl: "https://play.google.com/store/apps/details?id=com.shop.motors",
      },
    });
    expect(res.status).toBe(200);
    const html = await page(appId);
    expect(html).toContain('href="https://apps.apple.com/app/id123456"');
    expect(html).toContain('href="https://play.google.com/store/apps/details?id=com.shop.motors"');
  });

  it("shows 'Powered by' for Auto car apps only; Truck waits for its configured sister brand", async () => {
    expect(await page(appId)).toMatch(/Powered by <a href="http:\/\/[^"]+\/"/);
    const truck = await createApp(owner, { makeModelType: "Truck", definition: { name: "Hauler Trucks" } });
    expect(await page(truck)).not.toContain("Powered by");
    const diner = await createApp(owner, { domainType: "Restaurant", definition: { name: "Corner Diner" } });
    expect(await page(diner)).not.toContain("Powered by");
  });
});

import { describe, expect, it } from "vitest";
import { widgetClient } from "./client.ts";

/** The sign-in call carries the widget's session token when it has one (re-verifying a changed address). */
describe("widgetClient.signIn", () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ data: { userId: "u", token: "t", profile: {} } }), { status: 200 });
  }) as unknown as typeof globalThis.fetch;
  const client = widgetClient({ apiBase: "https://api.example", appId: "app-1", fetch });
  const body = { email: "a@example.com", code: "123456", userId: "u-1" };

  it("sends the session token as a bearer with the code", async () => {
    await client.signIn(body, "session-token");
    const { url, init } = calls.at(-1)!;
    expect(url).toBe("https://api.example/api/mobile/users/auth/sign-in");
    expect(init.headers).toMatchObject({ "x-app": "app-1", authorization: "Bearer session-token" });
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it("sends no authorization without a token", async () => {
    await client.signIn(body);
    expect(calls.at(-1)!.init.headers).not.toHaveProperty("authorization");
  });
});

/** Answers enter the widget with their relative addresses made absolute on the API's origin. */
describe("widgetClient answers", () => {
  const answer = (data: unknown) =>
    (async () =>
      new Response(JSON.stringify({ data }), { status: 200 })) as unknown as typeof globalThis.fetch;

  it("resolves the app's image and icon paths against the API, not the host page", async () => {
    const fetch = answer({
      appId: "app-1",
      definition: { name: "N", logo: "/api/images/l.png", features: [{ icon: "/api/icon-files/car.svg" }] },
    });
    const app = await widgetClient({ apiBase: "https://api.example", appId: "app-1", fetch }).getApp();
    expect(app.definition.logo).toBe("https://api.example/api/images/l.png");
    expect(app.definition.features?.[0]?.icon).toBe("https://api.example/api/icon-files/car.svg");
  });

  it("resolves against the page when the API base is the page's own (empty)", async () => {
    const fetch = answer({ definition: { cover: "/api/images/c.png" } });
    const app = await widgetClient({ apiBase: "", appId: "app-1", fetch }).getApp();
    expect(app.definition.cover).toBe(`${location.origin}/api/images/c.png`);
  });
});

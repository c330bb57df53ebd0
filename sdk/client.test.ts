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

import { describe, expect, it } from "vitest";
import { WidgetApiError, widgetClient } from "./client.ts";

/** A fake API: GET /mobile/app answers an app in `lang`; every other call answers `failure`. */
function api(lang: string, failure: () => Response | Promise<Response>) {
  return (async (url: string) => {
    if (url.endsWith("/api/mobile/app"))
      return new Response(JSON.stringify({ data: { appId: "app-1", lang, definition: {} } }), {
        status: 200,
      });
    return failure();
  }) as unknown as typeof fetch;
}
const coded = (status: number, code: string, message: string) => () =>
  new Response(JSON.stringify({ error: { code, message } }), { status });

const failureOf = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(WidgetApiError);
  return e as WidgetApiError;
};

describe("widget call failures are told in the app's language, by the server's code", () => {
  it("says the rate limit in Spanish once a Spanish app is loaded", async () => {
    const fetch = api("es", coded(429, "TooManyRequests", "Too many requests, try again later"));
    const client = widgetClient({ apiBase: "https://api.example", appId: "app-1", fetch });
    // Before the app is known the server's English stands.
    const early = await failureOf(client.sendEmailCode("a@example.com"));
    expect(early.message).toBe("Too many requests, try again later");
    await client.getApp();
    const e = await failureOf(client.sendEmailCode("a@example.com"));
    expect(e).toMatchObject({ status: 429, code: "TooManyRequests" });
    expect(e.message).toBe("Demasiadas solicitudes, inténtalo más tarde");
  });

  it("keeps the spec's English in an English app", async () => {
    const fetch = api("en", coded(400, "WrongCode", "The code must be invalid :("));
    const client = widgetClient({ apiBase: "https://api.example", appId: "app-1", fetch });
    await client.getApp();
    const e = await failureOf(client.signIn({ email: "a@example.com", code: "000000", userId: "u" }));
    expect(e.message).toBe("The code must be invalid :(");
  });

  it("translates network failures and unreadable answers", async () => {
    let fail: () => Response = () => {
      throw new TypeError("Failed to fetch");
    };
    const fetch = api("es", () => fail());
    const client = widgetClient({ apiBase: "https://api.example", appId: "app-1", fetch });
    await client.getApp();
    const network = await failureOf(client.sendSmsCode("+15555550100"));
    expect(network).toMatchObject({ status: 0, message: "Error de red" });
    fail = () => new Response("<html>bad gateway</html>", { status: 502 });
    expect((await failureOf(client.sendSmsCode("+15555550100"))).message).toBe("Error desconocido");
  });
});

import { describe, expect, it } from "vitest";
import { correctUrl, coverLink, isValidUrl, toAppLink, withScheme } from "./url.ts";
import { normalizeWebLink } from "./web-link.ts";

describe("URL correction (spec §5)", () => {
  it.each([
    ["example.com", "http://example.com"],
    ["  example.com/path  ", "http://example.com/path"],
    ["http://example.com", "http://example.com"],
    ["https://example.com", "https://example.com"],
    ["HTTPS://EXAMPLE.COM", "HTTPS://EXAMPLE.COM"],
    ["mailto:a@b.co", "mailto:a@b.co"],
    ["tel:+15550102030", "tel:+15550102030"],
    ["fb://profile/1", "fb://profile/1"],
    ["", ""],
    ["   ", ""],
  ])("adds http:// when the scheme is missing: %j -> %j", (value, expected) => {
    expect(correctUrl(value)).toBe(expected);
  });

  it.each([
    ["facebook.com/SunsetMotors", "fb://facewebmodal/f?href=https%3A%2F%2Ffacebook.com%2FSunsetMotors"],
    [
      "https://www.facebook.com/SunsetMotors/",
      "fb://facewebmodal/f?href=https%3A%2F%2Ffacebook.com%2FSunsetMotors",
    ],
    [
      "https://m.facebook.com/SunsetMotors",
      "fb://facewebmodal/f?href=https%3A%2F%2Ffacebook.com%2FSunsetMotors",
    ],
    ["https://www.instagram.com/sunset.motors/", "instagram://user?username=sunset.motors"],
    ["twitter.com/sunsetmotors", "twitter://user?screen_name=sunsetmotors"],
    ["https://x.com/sunsetmotors", "twitter://user?screen_name=sunsetmotors"],
    ["https://www.youtube.com/@sunsetmotors", "youtube://youtube.com/@sunsetmotors"],
    ["https://www.linkedin.com/company/sunset-motors", "linkedin://company/sunset-motors"],
    ["https://www.linkedin.com/in/jane-doe", "linkedin://in/jane-doe"],
  ])("rewrites social profile links to app-opening forms: %j", (value, expected) => {
    expect(correctUrl(value)).toBe(expected);
  });

  it.each([
    "https://www.facebook.com/sharer/sharer.php?u=x",
    "https://twitter.com/intent/tweet",
    "https://www.youtube.com/watch?v=abc",
    "https://www.linkedin.com/feed",
    "https://facebook.com",
    "https://notfacebook.com/page",
  ])("leaves other links alone: %s", (value) => {
    expect(toAppLink(value)).toBeUndefined();
    expect(correctUrl(value)).toBe(value);
  });

  it("keeps social links on the web when asked", () => {
    expect(correctUrl("facebook.com/SunsetMotors", { appLinks: false })).toBe(
      "http://facebook.com/SunsetMotors",
    );
  });

  it("shares the schema's notion of a valid URL, long values included", () => {
    expect(isValidUrl("example.com")).toBe(true);
    expect(isValidUrl("not a url")).toBe(false);
    expect(isValidUrl("")).toBe(false);
    expect(isValidUrl(`not a url ${"x".repeat(10000)}`)).toBe(true);
    // Any scheme followed by :// used to pass as an "app link".
    expect(isValidUrl("javascript://%0Aalert(1)")).toBe(false);
    expect(isValidUrl("https://user:pw@example.com")).toBe(false);
    expect(withScheme("//cdn.example.com/x")).toBe("//cdn.example.com/x");
  });
});

describe("cover link (spec §2)", () => {
  it.each([
    [{ coverPath: "example.com/specials" }, "http://example.com/specials"],
    [{ coverPath: "https://example.com" }, "https://example.com"],
    [{ coverPath: "" }, undefined],
    [{}, undefined],
    [{ coverPath: "not a url" }, undefined],
    [{ coverPath: "example.com", hasError: true }, undefined],
    [{ coverPath: "example.com", sliderActive: true }, undefined],
    [{ coverPath: "localhost:8080/specials" }, "http://localhost:8080/specials"],
    [{ coverPath: "fb://facewebmodal/f?href=x" }, "fb://facewebmodal/f?href=x"],
    // The URL policy (core/url-policy.ts): only http, https and the app-opening social links are followed.
    [{ coverPath: "javascript:alert(1)" }, undefined],
    [{ coverPath: "javascript://%0Aalert(1)" }, undefined],
    [{ coverPath: "vbscript://x" }, undefined],
    [{ coverPath: "https://user:pw@example.com" }, undefined],
  ])("%j -> %s", (opts, expected) => {
    expect(coverLink(opts)).toBe(expected);
  });

  it("never links a path the schema let through unchecked (over 10000 characters)", () => {
    expect(coverLink({ coverPath: `javascript:alert(1)//${"x".repeat(10001)}` })).toBeUndefined();
  });
});

describe("web link normalisation (spec §2)", () => {
  it.each([
    ["https://example.com/?app=[$appId]", "https://example.com/?app=APP-1"],
    ["example.com/[$appId]/[$appId]", "http://example.com/APP-1/APP-1"],
    ["https://example.com/?loc=[$location]&x=1", "https://example.com/?loc=&x=1"],
    ["  example.com  ", "http://example.com"],
    ["https://example.com", "https://example.com"],
  ])("%j -> %j", (link, expected) => {
    expect(normalizeWebLink(link, "APP-1")).toBe(expected);
  });
});

import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { SignUp } from "../schemas/account.ts";
import { AppMetadata } from "../schemas/admin.ts";
import { validate } from "../schemas/ajv.ts";
import { matches, URL_PATTERN, WEB_URL_PATTERN } from "../schemas/patterns.ts";
import { url } from "../schemas/url.ts";
import { correctUrl } from "./url.ts";
import { followableUrl, isAllowedUrl, withScheme } from "./url-policy.ts";

const long = (prefix: string) => `${prefix}${"a".repeat(10001)}`;

describe("the URL policy: what may be stored or followed", () => {
  it.each([
    ["https://example.com", "https://example.com"],
    ["http://example.com/path?q=1#top", "http://example.com/path?q=1#top"],
    ["example.com/specials", "http://example.com/specials"],
    ["  www.example.com  ", "http://www.example.com"],
    ["HTTPS://EXAMPLE.COM", "HTTPS://EXAMPLE.COM"],
    ["localhost:8080", "http://localhost:8080"],
    ["http://localhost:8080/x", "http://localhost:8080/x"],
    ["example.com:8443/x", "http://example.com:8443/x"],
    ["http://127.0.0.1:8080", "http://127.0.0.1:8080"],
    ["https://ünïcode.example/päth", "https://ünïcode.example/päth"],
    ["https://example.com/@user", "https://example.com/@user"],
    [
      "fb://facewebmodal/f?href=https%3A%2F%2Ffacebook.com%2Fx",
      "fb://facewebmodal/f?href=https%3A%2F%2Ffacebook.com%2Fx",
    ],
    ["instagram://user?username=sunset", "instagram://user?username=sunset"],
    ["twitter://user?screen_name=sunset", "twitter://user?screen_name=sunset"],
    ["youtube://youtube.com/@sunset", "youtube://youtube.com/@sunset"],
    ["linkedin://company/sunset", "linkedin://company/sunset"],
  ])("allows %j as %j", (value, expected) => {
    expect(followableUrl(value)).toBe(expected);
    expect(matches(URL_PATTERN, value.trim())).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "javascript://%0Aalert(1)",
    "JavaScript://example.com/%0Aalert(1)",
    "java\tscript:alert(1)",
    "vbscript://x",
    "data:text/html,<script>alert(1)</script>",
    "data://text/html,x",
    "ftp://example.com/file",
    "file:///etc/passwd",
    "mailto:a@b.example",
    "tel:+15550102030",
    "intent://scan/#Intent;scheme=zxing;end",
    "market://details?id=x",
    "https://user:secret@example.com",
    "https://user@example.com",
    "https://bank.example@evil.example",
    "bank.example@evil.example",
    "https://example.com:80@evil.example",
    "fb://user:pw@facewebmodal/f",
    "https://example.com/\u0000x",
    "https://example.com/a\u0085b",
    "https://exa mple.com",
    "https://example.com/\nalert",
    "//evil.example/x",
    "not a url",
    "",
    "   ",
  ])("refuses %j, in the schema's pattern too", (value) => {
    expect(followableUrl(value)).toBeUndefined();
    expect(isAllowedUrl(value)).toBe(false);
    if (value.trim()) expect(matches(URL_PATTERN, value.trim())).toBe(false);
  });

  it("never follows a value the schema lets through unchecked (over 10000 characters)", () => {
    expect(followableUrl(long("javascript:alert(1)//"))).toBeUndefined();
    expect(followableUrl(long("javascript://x/"))).toBeUndefined();
    expect(followableUrl(long("https://user:pw@example.com/"))).toBeUndefined();
    expect(followableUrl(long("https://example.com/\u0001"))).toBeUndefined();
    const ok = long("https://example.com/");
    expect(followableUrl(ok)).toBe(ok);
  });

  it("web-only places refuse the app links", () => {
    expect(followableUrl("fb://profile/1", { appLinks: false })).toBeUndefined();
    expect(matches(WEB_URL_PATTERN, "fb://profile/1")).toBe(false);
    expect(followableUrl("https://portal.example.com/x", { appLinks: false })).toBe(
      "https://portal.example.com/x",
    );
  });

  it("without the syntax check (uploaded images), the scheme and credential rules still hold", () => {
    const opts = { appLinks: false, syntax: false };
    expect(followableUrl("http://intranet/img.png", opts)).toBe("http://intranet/img.png");
    expect(followableUrl("http://intranet/img.png")).toBeUndefined();
    expect(followableUrl("javascript:alert(1)", opts)).toBeUndefined();
    expect(followableUrl("https://u:p@intranet/img.png", opts)).toBeUndefined();
  });

  it("every app-opening form correctUrl produces passes the policy", () => {
    for (const link of [
      "facebook.com/SunsetMotors",
      "https://www.instagram.com/sunset.motors/",
      "twitter.com/sunsetmotors",
      "https://www.youtube.com/@sunsetmotors",
      "https://www.linkedin.com/in/jane-doe",
    ]) {
      const corrected = correctUrl(link);
      expect(corrected).not.toBe(withScheme(link));
      expect(isAllowedUrl(corrected)).toBe(true);
    }
  });

  it("a port after a host is not a scheme: the scheme is still added", () => {
    expect(withScheme("localhost:8080/x")).toBe("http://localhost:8080/x");
    expect(withScheme("mailto:a@b.co")).toBe("mailto:a@b.co");
    expect(withScheme("//cdn.example.com/x")).toBe("//cdn.example.com/x");
  });
});

describe("the schemas apply the same policy (server validation and the builder's forms)", () => {
  const Link = Type.Object({ link: url() });
  it.each([
    "javascript://%0Aalert(1)",
    "vbscript://x",
    "https://u:p@example.com",
    "ftp://example.com",
    "https://example.com/\u0001",
  ])("a link %j is an 'incorrect url'", (link) => {
    expect(validate(Link, { link })).toEqual([{ path: "/link", message: "incorrect url" }]);
  });

  it("links: web addresses and app links pass; over 10000 characters is unchecked (spec §5)", () => {
    for (const link of ["example.com", "https://example.com/x", "fb://facewebmodal/f?href=x"])
      expect(validate(Link, { link })).toEqual([]);
    expect(validate(Link, { link: `javascript:${"x".repeat(10001)}` })).toEqual([]);
  });

  it.each(["javascript:alert(1)", "javascript://%0Aalert(1)", "fb://profile/1", "https://a:b@x.example"])(
    "a portalUrl %j is refused at sign-up and in an app's metadata",
    (portalUrl) => {
      expect(validate(SignUp, { email: "a@b.co", password: "secret1", portalUrl })).toContainEqual({
        path: "/portalUrl",
        message: "incorrect url",
      });
      expect(validate(AppMetadata, { portalUrl })).toEqual([
        { path: "/portalUrl", message: "incorrect url" },
      ]);
    },
  );

  it("a portalUrl may be a web address or absent", () => {
    expect(
      validate(SignUp, { email: "a@b.co", password: "secret1", portalUrl: "https://p.example" }),
    ).toEqual([]);
    expect(validate(SignUp, { email: "a@b.co", password: "secret1", portalUrl: "" })).toEqual([]);
    expect(validate(AppMetadata, { portalUrl: null })).toEqual([]);
    expect(validate(AppMetadata, { portalUrl: "portal.example.com" })).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { safeImage, safeUrl } from "./safe-url.ts";

describe("the widget's sanitiser follows the URL policy (core/url-policy.ts)", () => {
  it.each([
    // Any scheme followed by :// used to pass the schema as an "app link".
    "javascript://%0Aalert(1)",
    "javascript://example.com/%0Aalert(document.domain)",
    "data://text/html;base64,PHNjcmlwdD4=",
    "ftp://example.com/file",
    "intent://scan/#Intent;end",
    "https://user:secret@example.com",
    "https://bank.example@evil.example",
    "https://example.com/\u0000",
    "java\u0000script:alert(1)",
    "/\\evil.example/x",
    "//evil.example@x.example",
    "\\\\evil.example/x",
  ])("never renders %j", (value) => {
    expect(safeUrl(value)).toBeUndefined();
    expect(safeImage(value)).toBeUndefined();
  });

  it("never renders a long value the schema let through unchecked", () => {
    expect(safeUrl(`javascript:alert(1)//${"x".repeat(10001)}`)).toBeUndefined();
  });

  it.each([
    ["https://example.com/a", "https://example.com/a"],
    ["example.com/specials", "http://example.com/specials"],
    ["/api/images/x.png", "/api/images/x.png"],
    ["./x", "./x"],
    ["#top", "#top"],
    ["//cdn.example.com/x.png", "//cdn.example.com/x.png"],
    ["fb://facewebmodal/f?href=x", "fb://facewebmodal/f?href=x"],
  ])("links to %j as %j", (value, expected) => {
    expect(safeUrl(value)).toBe(expected);
  });

  it("images: web addresses without the schema's host rule, never app links or other schemes", () => {
    expect(safeImage("http://intranet:8080/api/images/x.png")).toBe("http://intranet:8080/api/images/x.png");
    expect(safeImage("/api/images/x.png")).toBe("/api/images/x.png");
    expect(safeImage("fb://profile/1")).toBeUndefined();
    expect(safeImage("tel:123")).toBeUndefined();
    expect(safeImage("blob:https://example.com/1")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { fileNameFrom, listQuery, subscriberLabel } from "./logic.ts";

describe("subscribers page", () => {
  it("pages by 50 on the server", () => {
    expect(listQuery(1, {})).toEqual({ skip: 0, take: 50 });
    expect(listQuery(3, { platform: "Web", userId: "  u-1 " })).toEqual({
      skip: 100,
      take: 50,
      platform: "Web",
      userId: "u-1",
    });
    expect(listQuery(2, { userId: "  " })).toEqual({ skip: 50, take: 50 });
  });

  it("names a subscriber by name and e-mail when known", () => {
    expect(subscriberLabel({ user: { name: "Ann", email: "ann@example.com" } })).toBe(
      "Ann (ann@example.com)",
    );
    expect(subscriberLabel({ user: { name: null, email: "ann@example.com" } })).toBe("ann@example.com");
    expect(subscriberLabel({ user: { name: "Ann" } })).toBe("Ann");
    expect(subscriberLabel({})).toBe("Anonymous");
  });

  it("takes the download's file name from Content-Disposition", () => {
    expect(fileNameFrom('attachment; filename="subs.csv"', "x.csv")).toBe("subs.csv");
    expect(fileNameFrom("attachment; filename*=UTF-8''push%20subs.csv", "x.csv")).toBe("push subs.csv");
    expect(fileNameFrom(null, "x.csv")).toBe("x.csv");
  });
});

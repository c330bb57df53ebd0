import { describe, expect, it } from "vitest";
import { errorIdsOf, pointerToId, visibleErrors } from "./errors.ts";
import { isInside } from "./reveal.ts";

const errors = [
  { path: "/title", message: "value can't be empty" },
  { path: "/groups/0/name", message: "value should be minimum 2 characters" },
];

describe("form errors", () => {
  it("maps pointers to RJSF ids", () => {
    expect(pointerToId("/groups/0/name")).toBe("root_groups_0_name");
    expect(pointerToId("")).toBe("root");
  });
  it("hides errors of untouched fields", () => {
    expect(visibleErrors(errors, new Set(), false)).toEqual({});
  });
  it("shows the error of a field once left", () => {
    expect(visibleErrors(errors, new Set(["root_title"]), false)).toEqual({
      title: { __errors: ["value can't be empty"] },
    });
  });
  it("shows everything after a save attempt", () => {
    expect(visibleErrors(errors, new Set(), true)).toEqual({
      title: { __errors: ["value can't be empty"] },
      groups: { 0: { name: { __errors: ["value should be minimum 2 characters"] } } },
    });
  });
  it("lists the ids of the fields the shown errors are on, for the list cards that hold them", () => {
    const ids = errorIdsOf(visibleErrors(errors, new Set(), true));
    expect(ids).toEqual(["root_title", "root_groups_0_name"]);
    expect(errorIdsOf(visibleErrors(errors, new Set(), true), "drawer")).toEqual([
      "drawer_title",
      "drawer_groups_0_name",
    ]);
    expect(errorIdsOf({})).toEqual([]);
    // The card of group 0 holds an error; group 1 (and group 10, which shares the digits) does not.
    expect(ids.some((id) => isInside(id, "root_groups_0"))).toBe(true);
    expect(ids.some((id) => isInside(id, "root_groups_1"))).toBe(false);
    expect(isInside("root_groups_10_name", "root_groups_1")).toBe(false);
    expect(isInside("root_groups_1", "root_groups_1")).toBe(true);
  });
});

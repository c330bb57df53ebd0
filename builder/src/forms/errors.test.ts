import { describe, expect, it } from "vitest";
import { pointerToId, visibleErrors } from "./errors.ts";

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
});

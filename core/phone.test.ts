import { describe, expect, it } from "vitest";
import { toE164 } from "./phone.ts";

describe("toE164", () => {
  it.each([
    "+15550102030",
    "15550102030",
    "0015550102030",
    "+015550102030",
    "05550102030",
    "5550102030",
    "+1 (555) 010-2030",
    "1-555-010-2030",
    "(555) 010.2030",
    "011 1 555 010 2030",
    " 00 1 555 010 2030 ",
  ])("reads %s as +15550102030", (input) => {
    expect(toE164(input)).toBe("+15550102030");
  });

  it.each([
    ["+44 20 7946 0958", "+442079460958"],
    ["0044 20 7946 0958", "+442079460958"],
    ["011 44 20 7946 0958", "+442079460958"],
    ["+49 30 901820", "+4930901820"],
    ["+52 1 55 1234 5678", "+5215512345678"],
  ])("keeps the country code of an international number: %s", (input, e164) => {
    expect(toE164(input)).toBe(e164);
  });

  it("reads national numbers in the given country", () => {
    expect(toE164("020 7946 0958", "44")).toBe("+442079460958");
    expect(toE164("+1 555 010 2030", "44")).toBe("+15550102030");
  });

  it.each([
    ["empty", ""],
    ["letters", "555-CALL-NOW"],
    ["a plus inside", "555+0102030"],
    ["too short", "+1234567"],
    ["too long", "+1234567890123456"],
    ["only zeros after the prefix", "+000"],
    ["a North American number of nine digits", "555010203"],
    ["a North American number of eleven digits after +1", "+155501020301"],
    ["an area code starting with 1", "+11550102030"],
    ["a local number without area code", "010-2030"],
    ["an extension", "+1 555 010 2030 x12"],
  ])("refuses %s", (_, input) => {
    expect(toE164(input)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import {
  isEndUserAuthenticated,
  isLoginLater,
  LOGIN_LATER_MS,
  shouldPromptSignIn,
  signInIdentifier,
} from "./sign-in.ts";

describe("sign-in identifier (spec §5)", () => {
  it.each([
    ["(555) 010-2030", { phone: "5550102030" }],
    ["+1 (555) 010-2030", { phone: "+15550102030" }],
    ["555.010.2030", { phone: "5550102030" }],
    [" +44 20 7946 0958 ", { phone: "+442079460958" }],
    ["ana@example.com", { email: "ana@example.com" }],
    ["  ana@example.com ", { email: "ana@example.com" }],
    ["123", { email: "123" }], // too short for a phone
    ["5550102030@example.com", { email: "5550102030@example.com" }],
    ["ana", { email: "ana" }],
  ])("%j -> %j", (value, expected) => {
    expect(signInIdentifier(value)).toEqual(expected);
  });
});

describe("login later (spec §4, §9): 7 days", () => {
  const chose = Date.parse("2030-01-01T00:00:00Z");
  it.each([
    ["just chosen", { loginLaterAt: chose }, chose, true],
    ["1 ms before 7 days", { loginLaterAt: chose }, chose + LOGIN_LATER_MS - 1, true],
    ["exactly 7 days", { loginLaterAt: chose }, chose + LOGIN_LATER_MS, false],
    ["never chosen", {}, chose, false],
    [
      "a known e-mail counts as login later",
      { email: "ana@example.com" },
      chose + 100 * LOGIN_LATER_MS,
      true,
    ],
    ["a blank e-mail does not", { email: " " }, chose, false],
  ])("%s", (_, state, now, expected) => {
    expect(isLoginLater(state, now)).toBe(expected);
  });

  it("prompts only unauthenticated users who did not choose later", () => {
    expect(LOGIN_LATER_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(isEndUserAuthenticated({ phoneVerified: true })).toBe(true);
    expect(isEndUserAuthenticated({ emailVerified: false })).toBe(false);
    expect(shouldPromptSignIn({}, chose)).toBe(true);
    expect(shouldPromptSignIn({ emailVerified: true }, chose)).toBe(false);
    expect(shouldPromptSignIn({ loginLaterAt: chose }, chose + 1000)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { clearedErrors, fieldErrorsOf } from "./logic.ts";

describe("server field errors on a form", () => {
  it("puts a 400's details on their fields", () => {
    expect(
      fieldErrorsOf(
        {
          code: "Validation",
          message: "value should be minimum 6 characters",
          details: [
            { path: "/newPassword", message: "value should be minimum 6 characters" },
            { path: "/other", message: "ignored" },
          ],
        },
        ["password", "newPassword"],
      ),
    ).toEqual([{ name: "newPassword", errors: ["value should be minimum 6 characters"] }]);
  });

  it("names the field of a coded error without details", () => {
    expect(
      fieldErrorsOf(
        { code: "WrongPassword", message: "The current password is incorrect" },
        ["password", "newPassword"],
        {
          WrongPassword: "password",
        },
      ),
    ).toEqual([{ name: "password", errors: ["The current password is incorrect"] }]);
  });

  it("answers nothing for a failure of no field", () => {
    expect(fieldErrorsOf({ code: "MailFailed", message: "x" }, ["email"])).toEqual([]);
    expect(fieldErrorsOf({ message: "x", details: "junk" }, ["email"])).toEqual([]);
  });
});

describe("a changed field loses its server error", () => {
  it("names each changed field with no errors", () => {
    expect(clearedErrors({ phone: "+1 555", company: undefined })).toEqual([
      { name: "phone", errors: [] },
      { name: "company", errors: [] },
    ]);
    expect(clearedErrors({})).toEqual([]);
  });
});

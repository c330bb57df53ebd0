import { type TSchema, Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { validate } from "./ajv.ts";
import { atLeast } from "./common.ts";
import { FormField, form } from "./features/form.ts";
import { menu } from "./features/menu.ts";
import { PasswordWithConfirmation, PortalCode, ReferralFrom } from "./forms.ts";
import { messages } from "./messages.ts";
import { latitude, longitude, stampCount } from "./numbers.ts";
import { matches, US_PHONE_PATTERN } from "./patterns.ts";
import { phone } from "./phone.ts";
import { email, emailList, type LengthName, lengths, password, sized } from "./text.ts";
import { url } from "./url.ts";

/** The message for one value of one field schema, or null when it passes. */
function messageFor(field: TSchema, value: unknown, required = true): string | null {
  const schema = Type.Object({ v: required ? field : Type.Optional(field) });
  const errors = validate(schema, value === undefined ? {} : { v: value });
  return errors.find((e) => e.path === "/v")?.message ?? (errors.length ? errors[0].message : null);
}

const ok = null;
const chars = (n: number) => "x".repeat(n);

describe("spec §5: required and optional", () => {
  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["blank", "   "],
    ["not text", 42],
  ])("a required text %s: 'value can't be empty'", (_, value) => {
    expect(messageFor(sized("name", { required: true }), value)).toBe(messages.required);
  });
  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["blank", "  "],
  ])("an optional text %s is skipped", (_, value) => {
    expect(messageFor(sized("name"), value, false)).toBe(ok);
  });
});

describe("spec §5: the lengths table at min-1, min, max, max+1", () => {
  const rows = Object.entries(lengths).filter(([name]) => name !== "phone") as [
    Exclude<LengthName, "phone">,
    readonly [number, number],
  ][];
  it("has every row of the spec", () => {
    expect(lengths).toEqual({
      appName: [4, 60],
      slug: [5, 80],
      screenTitle: [1, 30],
      name: [2, 32],
      shortName: [2, 16],
      passCode: [5, 20],
      loyaltyCode: [5, 16],
      longName: [2, 64],
      extraLongName: [2, 100],
      phone: [4, 24],
      message: [5, 140],
      shortMessage: [5, 80],
      longMessage: [5, 280],
      extraMessage: [5, 400],
      message1000: [5, 1000],
      message2000: [5, 2000],
      message5000: [5, 5000],
      pushMessage: [5, 1200],
      address: [5, 140],
    });
  });
  describe.each(rows)("%s", (name, [min, max]) => {
    // min-1 characters is empty text when min is 1: required then, skipped when optional.
    const belowMin = min - 1 === 0 ? messages.required : messages.min(min);
    it.each([
      [min - 1, belowMin],
      [min, ok],
      [max, ok],
      [max + 1, messages.max(max)],
    ])("required, %i characters: %s", (n, expected) => {
      expect(messageFor(sized(name, { required: true }), chars(n))).toBe(expected);
    });
    it.each([
      [min - 1, min - 1 === 0 ? ok : messages.min(min)],
      [min, ok],
      [max, ok],
      [max + 1, messages.max(max)],
    ])("optional, %i characters: %s", (n, expected) => {
      expect(messageFor(sized(name), chars(n), false)).toBe(expected);
    });
  });
});

describe("spec §5: phone", () => {
  it.each([
    ["(12) 3", messages.min(4)], // 3 characters once brackets and spaces are removed
    ["(12) 34", ok], // 4
    ["+12 (345) 678-9012 3456 7890 1234", ok], // 24
    ["+12 (345) 678-9012 3456 7890 12345", messages.max(24)], // 25
    ["1234", ok],
    ["123", messages.min(4)],
  ])("length after removing + - spaces brackets: %j -> %s", (value, expected) => {
    expect(messageFor(phone({ required: true }), value)).toBe(expected);
  });
  it.each([
    ["+1 (555) 010-2030", ok],
    ["(555) 010-2030", ok],
    ["1 (555) 010-2030", ok],
    ["555-010-2030", ok],
    ["555.010.2030", ok],
    ["5550102030", ok],
    ["+44 20 7946 0958", ok],
    ["+7(495)1234567", ok],
    ["phone number", messages.phone],
    ["555-010-2030 ext 5", messages.phone],
    ["++1 555 0102", messages.phone],
    ["555--0102", messages.phone],
    ["", messages.required],
  ])("format: %j -> %s", (value, expected) => {
    expect(messageFor(phone({ required: true }), value)).toBe(expected);
  });
  it("optional phones may be empty", () => expect(messageFor(phone(), "", false)).toBe(ok));
  it.each([
    ["(555) 010-2030", true],
    ["+1 (555) 010-2030", true],
    ["1 (555) 010-2030", true],
    ["(555)010-2030", true],
    ["555-010-2030", false],
    ["(55) 010-2030", false],
  ])("US format (xxx) xxx-xxxx with optional +1: %j", (value, expected) => {
    expect(matches(US_PHONE_PATTERN, value)).toBe(expected);
  });
  it("stays fast on hostile input", () => {
    expect(messageFor(phone({ required: true }), `${"1".repeat(5000)}x`)).toBe(messages.max(24));
  });
});

describe("spec §5: e-mail and e-mail lists", () => {
  it.each([
    ["a@b.co", ok],
    ["first.last+tag@sub.example.com", ok],
    ["a@b", messages.email],
    ["a b@c.de", messages.email],
    ["@b.co", messages.email],
    ["a@b.c", ok], // the customer's simple pattern: text, @, text, dot, text
    ["a@.co", messages.email],
    ["", messages.required],
  ])("email %j -> %s", (value, expected) => {
    expect(messageFor(email({ required: true }), value)).toBe(expected);
  });
  it.each([
    ["a@b.co", ok],
    ["a@b.co, c@d.co", ok],
    ["a@b.co,c@d.co,", ok],
    ["a@b.co, c@d", messages.emailList],
    ["a@b.co c@d.co", messages.emailList],
    ["a@b.co,, c@d.co", messages.emailList],
  ])("comma list %j -> %s", (value, expected) => {
    expect(messageFor(emailList({ required: true }), value)).toBe(expected);
  });
});

describe("spec §5: password and confirmation", () => {
  it.each([
    ["", messages.required],
    [chars(5), messages.min(6)],
    [chars(6), ok],
  ])("password %j -> %s", (value, expected) => {
    expect(messageFor(password(), value)).toBe(expected);
  });
  it.each([
    [{ password: "secret1", confirmPassword: "secret1" }, []],
    [
      { password: "secret1", confirmPassword: "secret2" },
      [{ path: "/confirmPassword", message: messages.passwordConfirm }],
    ],
    [{ password: "secret1" }, [{ path: "/confirmPassword", message: messages.required }]],
  ])("confirmation %j", (value, expected) => {
    expect(validate(PasswordWithConfirmation, value)).toEqual(expected);
  });
});

describe("spec §5: URL", () => {
  const bad = (n: number) => `not a url ${"x".repeat(n - 10)}`;
  it.each([
    ["example.com", ok],
    ["http://example.com", ok],
    ["https://www.example.co.uk/path?q=1#top", ok],
    ["example.com/?id=[$appId]&loc=[$location]", ok],
    ["localhost:3000/x", ok],
    ["192.168.0.1/admin", ok],
    ["fb://facewebmodal/f?href=https://www.facebook.com/dealer", ok],
    ["instagram://user?username=dealer", ok],
    ["https://münchen-autohaus.de", ok],
    ["not a url", messages.url],
    ["http://", messages.url],
    ["http://localhost-ish", messages.url],
    ["example", messages.url],
    ["", messages.required],
  ])("%j -> %s", (value, expected) => {
    expect(messageFor(url({ required: true }), value)).toBe(expected);
  });
  it("checks values up to 10000 characters and lets longer ones pass", () => {
    expect(bad(10000)).toHaveLength(10000);
    expect(messageFor(url(), bad(10000), false)).toBe(messages.url);
    expect(messageFor(url(), bad(10001), false)).toBe(ok);
  });
});

describe("spec §5: latitude and longitude", () => {
  it.each([
    [latitude(), -90.0001, messages.between(-90, 90)],
    [latitude(), -90, ok],
    [latitude(), 90, ok],
    [latitude(), 90.0001, messages.between(-90, 90)],
    [longitude(), -180.0001, messages.between(-180, 180)],
    [longitude(), -180, ok],
    [longitude(), 180, ok],
    [longitude(), 180.0001, messages.between(-180, 180)],
    [latitude(), "40", messages.invalidNumber],
  ])("%#: %j -> %s", (schema, value, expected) => {
    expect(messageFor(schema, value)).toBe(expected);
  });
});

describe("spec §5: stamp count", () => {
  it.each([
    ["ten", messages.invalidNumber],
    ["10", messages.invalidNumber],
    [2.5, messages.invalidNumber],
    [1, "value should be greater than 1"],
    [2, ok],
    [12, ok],
    [13, "value should be less than 12 or equal"],
  ])("%j -> %s", (value, expected) => {
    expect(messageFor(stampCount(), value)).toBe(expected);
  });
});

describe("spec §5: at least one item", () => {
  it.each([
    [[], messages.minItems(1)],
    [["a"], ok],
  ])("%j -> %s", (value, expected) => {
    expect(messageFor(atLeast(1, Type.String()), value)).toBe(expected);
  });
  it("a menu needs an item", () => {
    const feature = { id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a01", type: "Menu", title: "Menu", items: [] };
    expect(validate(menu.schema, feature)).toEqual([
      { path: "/items", message: "at least one item required" },
    ]);
  });
});

describe("spec §5: custom form", () => {
  const base = { id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a01", type: "Form", title: "Form" };
  const text = (name: string) => ({ name, type: "Text" });
  it.each([
    [[text("One")], [{ path: "/fields", message: messages.minItems(2) }]],
    [[text("One"), text("Two")], []],
  ])("at least 2 fields: %j", (fields, expected) => {
    expect(validate(form.schema, { ...base, fields })).toEqual(expected);
  });
  it.each([
    ["name", 1, messages.min(2)],
    ["name", 2, ok],
    ["name", 120, ok],
    ["name", 121, messages.max(120)],
    ["description", 0, ok],
    ["description", 1, messages.min(2)],
    ["description", 2, ok],
    ["description", 400, ok],
    ["description", 401, messages.max(400)],
  ])("field %s with %i characters -> %s", (key, n, expected) => {
    const field = { name: "Name", type: "Text", [key]: chars(n) };
    expect(validate(FormField, field)[0]?.message ?? null).toBe(expected);
  });
  it.each([
    ["Select", { options: ["a"] }, [{ path: "/options", message: messages.minItems(2) }]],
    ["Select", { options: ["a", "  "] }, [{ path: "/options", message: messages.minItems(2) }]],
    ["Select", {}, [{ path: "/options", message: messages.required }]],
    ["Select", { options: ["a", "b"] }, []],
    [
      "Recipient",
      { options: ["a", ""], values: ["a@x.co", ""] },
      [{ path: "/options", message: messages.minItems(2) }],
    ],
    [
      "Recipient",
      { options: ["Sales", "Service"], values: ["bad", "s@x.co"] },
      [{ path: "/values", message: "dropdown items contain invalid or empty email at position 1" }],
    ],
    [
      "Recipient",
      { options: ["Sales", "Service", "Parts"], values: ["a@x.co", "s@x.co"] },
      [{ path: "/values", message: "dropdown items contain invalid or empty email at position 3" }],
    ],
    ["Recipient", { options: ["Sales", "Service"], values: ["a@x.co", "s@x.co"] }, []],
    ["Text", { options: ["only one"] }, []],
  ])("%s %j", (type, extra, expected) => {
    expect(validate(FormField, { name: "Pick", type, ...extra })).toEqual(expected);
  });
  it("recipient list: 'contains invalid email'", () => {
    const fields = [text("One"), text("Two")];
    expect(validate(form.schema, { ...base, fields, recipients: "a@x.co, nope" })).toEqual([
      { path: "/recipients", message: messages.emailList },
    ]);
  });
});

describe("spec §5 and §8: portal code, referral 'From', View Schedule rule", () => {
  it.each([
    [{}, messages.codeRequired],
    [{ code: "" }, messages.codeRequired],
    [{ code: "12ab" }, messages.codeInvalid],
    [{ code: "123456" }, ok],
  ])("code %j -> %s", (value, expected) => {
    expect(validate(PortalCode, value)[0]?.message ?? null).toBe(expected);
  });
  it.each([
    [24, ok],
    [25, messages.max(24)],
  ])("'From' with %i characters -> %s", (n, expected) => {
    expect(messageFor(ReferralFrom, chars(n))).toBe(expected);
  });
  it("keeps the customer's wording of the 10-minute rule", () => {
    expect(messages.pushEditRule).toBe(
      "You may only edit and delete push notifications in “View Schedule” that are scheduled 10+ minutes in advance of the current time.",
    );
  });
});

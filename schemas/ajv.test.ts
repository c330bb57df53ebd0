import { type TSchema, Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import {
  ALL_ERRORS_MAX_VALUES,
  compile,
  MAX_FIELD_ERRORS,
  toFieldErrors,
  validate,
  validateFirstError,
} from "./ajv.ts";
import { atLeast, date, dateTime, stringEnum } from "./common.ts";
import { AppDefinition } from "./definition.ts";
import { EndUserProfileUpdate } from "./end-user.ts";
import { featureExamples } from "./features/examples.ts";
import { getFeatureType } from "./features/registry.ts";
import "./features/index.ts";
import { PasswordWithConfirmation, PortalCode, ReferralFrom } from "./forms.ts";
import { messages } from "./messages.ts";
import { latitude, stampCount } from "./numbers.ts";
import { phone } from "./phone.ts";
import { email, emailList, sized } from "./text.ts";
import { url } from "./url.ts";

/**
 * Large invalid bodies are checked only up to their first error, without ajv-errors; the message put on that
 * error must be the one the every-error check (with ajv-errors) gives the same field.
 */
const field = (f: TSchema, required = true) => Type.Object({ v: required ? f : Type.Optional(f) });
const x = (n: number) => "x".repeat(n);

const cases: [string, object, unknown][] = [
  ["required text missing", field(sized("name", { required: true })), {}],
  ["required text blank", field(sized("name", { required: true })), { v: "  " }],
  ["required text not text", field(sized("name", { required: true })), { v: 4 }],
  ["text too short", field(sized("name"), false), { v: "x" }],
  ["text too long", field(sized("name"), false), { v: x(33) }],
  ["email", field(email()), { v: "a@b" }],
  ["email list", field(emailList()), { v: "a@b.co, nope" }],
  ["phone too short", field(phone()), { v: "12" }],
  ["phone too long", field(phone()), { v: "1".repeat(25) }],
  ["phone format", field(phone()), { v: "12-ab-34" }],
  ["url", field(url()), { v: "not a url" }],
  ["password", PasswordWithConfirmation, { password: "12345", confirmPassword: "12345" }],
  ["confirmation", PasswordWithConfirmation, { password: "123456", confirmPassword: "654321" }],
  ["portal code missing", PortalCode, {}],
  ["portal code blank", PortalCode, { code: " " }],
  ["portal code invalid", PortalCode, { code: "12ab" }],
  ["referral from", field(ReferralFrom), { v: x(25) }],
  ["stamp count type", field(stampCount()), { v: "a" }],
  ["stamp count low", field(stampCount()), { v: 1 }],
  ["stamp count high", field(stampCount()), { v: 13 }],
  ["latitude", field(latitude()), { v: 91 }],
  ["enum", field(stringEnum(["a", "b"] as const)), { v: "c" }],
  ["date-time", field(dateTime()), { v: "yesterday" }],
  ["date", field(date()), { v: "2020-02-30" }],
  ["at least one", field(atLeast(1, Type.String())), { v: [] }],
  ["profile name", EndUserProfileUpdate, { name: "x" }],
  ["profile unknown key", EndUserProfileUpdate, { nickname: "x" }],
];

describe("first-error checks put the spec's messages on the error", () => {
  it.each(cases)("%s", (_, schema, data) => {
    const every = validate(schema, structuredClone(data));
    const first = validateFirstError(schema, structuredClone(data));
    expect(every.length).toBeGreaterThan(0);
    expect(first).toHaveLength(1);
    expect(every).toContainEqual(first[0]);
  });

  it.each(Object.keys(featureExamples))("%s's invalid example", (type) => {
    const schema = getFeatureType(type)?.schema as object;
    const { invalid, errors } = featureExamples[type];
    const first = validateFirstError(schema, structuredClone(invalid));
    expect(first).toHaveLength(1);
    expect(errors).toMatchObject({ [first[0].path]: first[0].message });
  });

  it("a whole definition's first bad feature, through the registry's keyword", () => {
    const [type] = Object.keys(featureExamples);
    const definition = { name: "Feature Motors", features: [structuredClone(featureExamples[type].invalid)] };
    const first = validateFirstError(AppDefinition, definition);
    const every = validate(AppDefinition, structuredClone(definition));
    expect(every).toContainEqual(first[0]);
  });
});

describe("bounded validation", () => {
  const Profiles = Type.Object({
    profile: EndUserProfileUpdate,
    tags: Type.Array(Type.String(), { maxItems: 5 }),
  });

  it("reports every field of a small body", () => {
    const errors = validate(Profiles, { profile: { name: "x", email: "nope" }, tags: [1] });
    expect(errors).toEqual([
      { path: "/profile/name", message: messages.min(2) },
      { path: "/profile/email", message: messages.email },
      { path: "/tags/0", message: "must be string" },
    ]);
  });

  it("reports only the first error of a body too large to check for every error, with the spec's message", () => {
    const tags = Array.from({ length: ALL_ERRORS_MAX_VALUES }, (_, i) => i);
    const errors = validate(Profiles, { profile: { name: "x", email: "nope" }, tags });
    expect(errors).toEqual([{ path: "/profile/name", message: messages.min(2) }]);
  });

  it("keeps at most MAX_FIELD_ERRORS fields, and the validator's own list short, for many bad values", () => {
    const Many = Type.Record(Type.String(), Type.String());
    const small = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i]));
    expect(validate(Many, small)).toHaveLength(MAX_FIELD_ERRORS);
    const large = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
    const fn = compile(Many);
    expect(fn(large)).toBe(false);
    expect(fn.errors).toHaveLength(1);
    expect(toFieldErrors(fn.errors)).toEqual([{ path: "/k0", message: "must be string" }]);
  });

  it("fills defaults and coerces on the first check, so valid data is checked once", () => {
    const Q = Type.Object({ take: Type.Integer({ default: 20 }), skip: Type.Integer() });
    const data: Record<string, unknown> = { skip: "5" };
    expect(compile(Q, true)(data)).toBe(true);
    expect(data).toEqual({ take: 20, skip: 5 });
  });
});

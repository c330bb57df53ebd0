import { describe, expect, it } from "vitest";
import { validate } from "../../../schemas/index.ts";
import {
  defaultTallyRange,
  exportFileName,
  rowErrorRows,
  STAFF_FORM_SCHEMA,
  serverFieldErrors,
  tallyQuery,
  taskPercent,
  toFormValue,
  toInput,
} from "./logic.ts";

const member = {
  id: "7d1c9c1e-3b0a-4f4e-9a57-0c3c2b6f3f10",
  name: "Rosa Diaz",
  title: "Service Advisor",
  email: "rosa@example.com",
  locations: ["loc-1"],
  isDefault: true,
};

describe("staff form", () => {
  it("round-trips a member and keeps its default on an edit; a new one sends no default", () => {
    const v = toFormValue(member);
    expect(v).toEqual({
      name: "Rosa Diaz",
      title: "Service Advisor",
      email: "rosa@example.com",
      locations: ["loc-1"],
    });
    expect(toInput({ ...v, department: "  ", phone: " +1 555 0100 " }, member)).toEqual({
      name: "Rosa Diaz",
      title: "Service Advisor",
      email: "rosa@example.com",
      phone: "+1 555 0100",
      locations: ["loc-1"],
      isDefault: true,
    });
    expect(toInput({ name: " Sam " }, null)).toEqual({ name: "Sam" });
  });

  it("checks the name and e-mail with the contract's schema", () => {
    const errors = validate(STAFF_FORM_SCHEMA, { name: "", email: "not-an-email" });
    expect(errors.map((e) => e.path).sort()).toEqual(["/email", "/name"]);
    expect(validate(STAFF_FORM_SCHEMA, { name: "Rosa" })).toEqual([]);
  });

  it("puts the server's field errors on their fields, the rest apart", () => {
    expect(
      serverFieldErrors([
        { path: "/body/image", message: "incorrect url" },
        { path: "/name", message: "value can't be empty" },
        { path: "/isDefault", message: "x" },
        "junk",
      ]),
    ).toEqual({
      fields: [
        { path: "/image", message: "incorrect url" },
        { path: "/name", message: "value can't be empty" },
      ],
      other: [{ path: "/isDefault", message: "x" }],
    });
    expect(serverFieldErrors(undefined)).toEqual({ fields: [], other: [] });
  });
});

describe("import and tally", () => {
  it("shows progress as rows checked, 100 once finished", () => {
    expect(taskPercent(undefined)).toBe(0);
    expect(taskPercent({ status: "queued", total: 0, processed: 0 })).toBe(0);
    expect(taskPercent({ status: "running", total: 50, processed: 20 })).toBe(40);
    expect(taskPercent({ status: "running", total: 50, processed: 50 })).toBe(99);
    expect(taskPercent({ status: "failed", total: 50, processed: 50 })).toBe(100);
  });

  it("names the field of each row error", () => {
    expect(
      rowErrorRows([
        { row: 6, field: "email", message: "invalid email" },
        { row: 31, field: "name", message: "value can't be empty" },
        { row: 1, message: "The CSV file is empty" },
      ]).map(({ row, field, message }) => [row, field, message]),
    ).toEqual([
      [6, "Email", "invalid email"],
      [31, "Name", "value can't be empty"],
      [1, "", "The CSV file is empty"],
    ]);
  });

  it("asks for whole local days, the last one included", () => {
    const { from, to } = defaultTallyRange(new Date(2026, 10, 23, 15, 30));
    expect(from).toEqual(new Date(2026, 9, 25));
    expect(to).toEqual(new Date(2026, 10, 24));
    expect(tallyQuery(new Date(2026, 10, 1, 9), new Date(2026, 10, 30, 18))).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString(),
    });
    expect(exportFileName(new Date(2026, 0, 5))).toBe("staff-2026-01-05.csv");
  });
});

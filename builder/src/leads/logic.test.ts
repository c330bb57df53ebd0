import { describe, expect, it } from "vitest";
import {
  contextEntries,
  csvFileName,
  exportQuery,
  fileSlug,
  formColumns,
  leadContact,
  leadOrigin,
  valueText,
} from "./logic.ts";

describe("export file names", () => {
  it("names the app, what and the local date", () => {
    expect(csvFileName("Bob's Cars!", "leads", new Date(2026, 0, 5, 23, 59))).toBe(
      "Bob-s-Cars-leads-2026-01-05.csv",
    );
    expect(csvFileName("Café Motors", "Test drive form", new Date(2026, 10, 23))).toBe(
      "Cafe-Motors-Test-drive-form-2026-11-23.csv",
    );
  });
  it("never leaves an empty or path-like name", () => {
    expect(fileSlug("../../")).toBe("app");
    expect(fileSlug("x".repeat(80))).toHaveLength(40);
  });
});

describe("leads", () => {
  const base = { id: "1", createdAt: "2026-11-23T10:00:00Z" };
  it("says where a lead came from: offer, then form, then source", () => {
    expect(
      leadOrigin({
        ...base,
        source: "coupon",
        offer: { id: "o", title: "Oil change" },
        form: { id: "f", title: "F" },
      }),
    ).toBe("Oil change");
    expect(leadOrigin({ ...base, source: "form", form: { id: "f", title: "Test drive" } })).toBe(
      "Test drive",
    );
    expect(leadOrigin({ ...base, source: "contact" })).toBe("contact");
  });
  it("joins the contact details there are", () => {
    expect(leadContact({ email: "a@b.co", phone: "+1 555" })).toBe("a@b.co, +1 555");
    expect(leadContact({ email: null, phone: "+1 555" })).toBe("+1 555");
  });
});

describe("form data", () => {
  it("makes one column per field, in first-seen order", () => {
    expect(
      formColumns([{ values: { Name: "a", Date: "x" } }, { values: { Name: "b", Notes: "n" } }]),
    ).toEqual(["Name", "Date", "Notes"]);
    expect(formColumns([])).toEqual([]);
  });
  it("follows the form's field order, then fields the form no longer has", () => {
    const rows = [{ values: { Email: "a@b.c", Comments: "x", "Full name": "A", Old: "o" } }];
    expect(formColumns(rows, ["Full name", "Phone", "Email", "Comments"])).toEqual([
      "Full name",
      "Email",
      "Comments",
      "Old",
    ]);
  });
  it("labels a lead's context, a vehicle as its name and VIN, and leaves empty values out", () => {
    expect(
      contextEntries({
        vehicle: { year: 2019, make: "Toyota", model: "Camry", vin: "4T1B11HK5KU000001" },
        screenName: "Specials",
        note: "",
      }),
    ).toEqual([
      ["Vehicle", "2019 Toyota Camry, VIN 4T1B11HK5KU000001"],
      ["Screen name", "Specials"],
    ]);
    expect(contextEntries(null)).toEqual([]);
  });
  it("exports what the list shows: its search and dates, not its page", () => {
    const list = { skip: 50, take: 50, q: "a&b", from: "2026-11-01T00:00:00.000Z" };
    expect(exportQuery(list)).toBe("?q=a%26b&from=2026-11-01T00%3A00%3A00.000Z");
    expect(exportQuery({})).toBe("");
  });
  it("shows values as text", () => {
    expect(valueText(["a", "b"])).toBe("a, b");
    expect(valueText(true)).toBe("Yes");
    expect(valueText(null)).toBe("");
    expect(valueText({ lat: 1 })).toBe('{"lat":1}');
    expect(valueText(0)).toBe("0");
  });
});

import { describe, expect, it } from "vitest";
import { cleanFilter, doubleMapped, missingRequired, money, previewCsv } from "./logic.ts";

describe("dealer CSV preview", () => {
  it("reads headers, the first five rows, the count and guesses the mapping", () => {
    const lines = ["Stock #;VIN;Yr;Colour;Asking"];
    for (let i = 0; i < 7; i++) lines.push(`S${i};1FTFW1E50NFA0000${i};2020;Red;${20000 + i}`);
    const p = previewCsv("inventory", `\uFEFF${lines.join("\r\n")}\r\n`);
    expect(p.headers).toEqual(["Stock #", "VIN", "Yr", "Colour", "Asking"]);
    expect(p.total).toBe(7);
    expect(p.rows).toHaveLength(5);
    expect(p.rows[0]).toEqual(["S0", "1FTFW1E50NFA00000", "2020", "Red", "20000"]);
    expect(p.mapping).toEqual({ "Stock #": "stockNumber", VIN: "vin", Yr: "year", Colour: "color" });
  });

  it("names the required fields left unmapped and headers mapped twice", () => {
    expect(missingRequired("repair-orders", { RO: "roNumber" }).map((f) => f.header)).toEqual(["Date"]);
    expect(missingRequired("inventory", { VIN: "vin" })).toEqual([]);
    expect(doubleMapped({ A: "vin", B: "make", C: "vin", D: "" })).toEqual(["C"]);
  });

  it("formats money and drops empty filter parts", () => {
    expect(money(19999.5)).toBe("$19,999.50");
    expect(money(undefined)).toBe("—");
    expect(cleanFilter({ search: "", color: [], priceTo: 5000, page: 1 })).toEqual({
      priceTo: 5000,
      page: 1,
    });
  });
});

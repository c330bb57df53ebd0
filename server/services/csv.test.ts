import { describe, expect, it } from "vitest";
import { prng } from "../testing/prng.ts";
import { CSV_BOM, parseCsv, toCsv } from "./csv.ts";

/** The one CSV writer and reader: formulas escaped on export and restored on import, BOM, hostile cells. */

const columns = ["name", "note", "amount"] as const;

const roundTrip = (rows: Record<string, string>[]) =>
  parseCsv(toCsv(columns, rows, { bom: true }), columns).rows.map((r) => r.record);

/** A record as parseCsv gives it back: empty cells are left out. */
const asRead = (row: Record<string, string>) =>
  Object.fromEntries(Object.entries(row).filter(([, v]) => v !== ""));

describe("toCsv and parseCsv", () => {
  it("escapes every cell a spreadsheet would run as a formula, and nothing else", () => {
    const csv = toCsv(
      ["a"],
      [
        "=1+1",
        "+1",
        "-1",
        "@SUM(A1)",
        "\tTab",
        "\rCR",
        "'=quoted",
        "plain",
        "a=b",
        "",
        "'plain",
        5,
        null,
      ].map((a) => ({ a })),
    );
    expect(csv.split("\r\n")).toEqual([
      "a",
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tTab",
      '"\'\rCR"',
      "''=quoted",
      "plain",
      "a=b",
      "",
      "'plain",
      "5",
      "",
      "",
    ]);
  });

  it("round-trips hostile cells: formulas, tabs, CR, quotes, commas, newlines and unicode", () => {
    const rows = [
      { name: '=HYPERLINK("http://evil.example","click")', note: "+cmd|' /C calc'!A0", amount: "-12.50" },
      { name: "@SUM(1,2)", note: "\tleading tab", amount: "\r\nCRLF first" },
      { name: 'Say "hi", then leave', note: "line one\nline two\r\nline three", amount: "1,000" },
      { name: "Ñandú Pérez 🚗", note: "日本語のメモ", amount: "٣٤٥" },
      { name: "'=already quoted", note: "''@twice", amount: "'plain quote" },
      { name: "a;b\tc", note: "", amount: "=" },
    ];
    expect(roundTrip(rows)).toEqual(rows.map(asRead));
  });

  it("round-trips 300 generated rows of hostile characters (seeded)", () => {
    const rng = prng(14);
    const pieces = [
      "=",
      "+",
      "-",
      "@",
      "\t",
      "\r",
      "\n",
      "\r\n",
      '"',
      "'",
      ",",
      ";",
      "é",
      "🚗",
      "日",
      "x",
      "1",
      " ",
    ];
    const cell = () => {
      let s = "";
      for (let i = rng.int(8); i >= 0; i--) s += rng.pick(pieces);
      // parseCsv trims cells (imports forgive stray spaces), so generated cells start and end with a letter
      // or a formula character.
      return `${rng.pick(["=", "+", "-", "@", "'", "x", "é"])}${s}${rng.pick(["x", "🚗", "1"])}`;
    };
    const rows = Array.from({ length: 300 }, () => ({ name: cell(), note: cell(), amount: cell() }));
    expect(roundTrip(rows)).toEqual(rows);
  });

  it("starts with a UTF-8 byte order mark when asked, and reads files with or without one", () => {
    const csv = toCsv(columns, [{ name: "Zoë", note: "ok", amount: "1" }], { bom: true });
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv).toBe("\uFEFFname,note,amount\r\nZoë,ok,1\r\n");
    expect(toCsv(columns, [], {}).startsWith(CSV_BOM)).toBe(false);
    expect(parseCsv(csv, columns).rows).toEqual([
      { line: 2, record: { name: "Zoë", note: "ok", amount: "1" } },
    ]);
    expect(parseCsv(csv.slice(1), columns).rows).toEqual(parseCsv(csv, columns).rows);
  });

  it("writes the header names given, escaped like cells", () => {
    const csv = toCsv(["a", "b"], [{ a: "1", b: "2" }], { header: ["Name", "=Evil"] });
    expect(csv).toBe("Name,'=Evil\r\n1,2\r\n");
  });
});

import { describe, expect, it } from "vitest";
import { browserCounts, failedTests, stripAnsi } from "./test-output.ts";

describe("browserCounts", () => {
  it("reads the last report of a plain run", () => {
    const out = [
      "Chromium: |█████              | 3/8 test files | 12 passed, 0 failed",
      "Chromium: |███████████████████| 8/8 test files | 45 passed, 1 failed",
      "Finished running tests in 9.1s",
    ].join("\n");
    expect(browserCounts(out)).toEqual({ passed: 45, failed: 1 });
  });

  it("reads a coloured run (codes between the numbers and the commas)", () => {
    const out =
      "\u001b[2K\u001b[1AChromium: |\u001b[32m██████\u001b[39m| 8/8 test files | \u001b[32m45 passed\u001b[39m, \u001b[31m2 failed\u001b[39m, \u001b[90m1 skipped\u001b[39m\n";
    expect(browserCounts(out)).toEqual({ passed: 45, failed: 2 });
  });

  it("answers undefined, not 0 failed, when no count was printed", () => {
    expect(browserCounts("Error: could not launch Chromium\n")).toBeUndefined();
    expect(browserCounts("")).toBeUndefined();
  });
});

describe("stripAnsi", () => {
  it("removes colours, cursor moves and hyperlinks, and keeps the text", () => {
    expect(stripAnsi("\u001b[1m\u001b[31mred\u001b[39m\u001b[22m \u001b[2K\u001b[3Adone")).toBe("red done");
    expect(stripAnsi("\u001b]8;;https://example.com\u0007link\u001b]8;;\u0007")).toBe("link");
  });

  it("names each failed test with its file, relative to the root", () => {
    const json = {
      testResults: [
        {
          name: "/repo/server/a.test.ts",
          assertionResults: [
            { fullName: "a works", status: "passed" },
            { fullName: "a fails", status: "failed" },
          ],
        },
        { name: "/repo/server/b.test.ts", assertionResults: [{ fullName: "b skipped", status: "skipped" }] },
      ],
    };
    expect(failedTests(json, "/repo")).toEqual(["server/a.test.ts > a fails"]);
    expect(failedTests({}, "/repo")).toEqual([]);
  });
});

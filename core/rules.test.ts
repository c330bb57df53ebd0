import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as core from "./index.ts";
import * as rules from "./rules.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Every module a file loads at run time (type-only imports are erased), and every package it names. */
function runtimeGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const [, , statement, from] of source.matchAll(
      /^(import|export)\s+([^;]*?)\s*from\s+"([^"]+)"/gms,
    )) {
      if (/^type\s/.test(statement)) continue;
      if (from.startsWith(".")) visit(path.resolve(path.dirname(file), from));
      else packages.add(from);
    }
    for (const [, from] of source.matchAll(/^import\s+"([^"]+)"/gm)) {
      if (from.startsWith(".")) visit(path.resolve(path.dirname(file), from));
      else packages.add(from);
    }
  };
  visit(path.join(root, entry));
  return { files: [...files].map((f) => path.relative(root, f)), packages: [...packages] };
}

describe("the light entries the widget's first view imports", () => {
  it.each(["core/rules.ts", "schemas/constants/index.ts"])(
    "%s loads no package (dayjs, TypeBox, ajv)",
    (entry) => {
      const graph = runtimeGraph(entry);
      expect(graph.packages).toEqual([]);
      expect(graph.files).not.toContain("schemas/features/registry.ts");
      expect(graph.files).not.toContain("schemas/ajv.ts");
    },
  );

  it("while core/index.ts does load them (the walk sees through re-exports)", () => {
    expect(runtimeGraph("core/index.ts").packages).toEqual(
      expect.arrayContaining(["dayjs", "@sinclair/typebox", "ajv"]),
    );
  });

  it("core/index.ts is core/rules.ts plus the heavy rules, under the same names", () => {
    for (const [name, value] of Object.entries(rules))
      expect((core as Record<string, unknown>)[name], name).toBe(value);
    expect(typeof core.newFeature).toBe("function");
    expect(typeof core.offerDateText).toBe("function");
  });
});

import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Completes the npm package `@brand-apps/widget` after the `sdk-package` Vite build (scripts/build-targets.ts)
 * has written its JavaScript to dist/sdk-package: the TypeScript declarations, emitted by tsc from
 * sdk/package-entry.ts (sdk/package/tsconfig.json), keeping only the files the entry's types reach; its
 * package.json (sdk/package/package.json); and its README, the package section of sdk/README.md.
 */
const root = path.resolve(import.meta.dirname, "..");
export const widgetPackageDir = path.join(root, "dist/sdk-package");
const sdkDir = path.join(root, "sdk");

export async function completeWidgetPackage(buildOutput: unknown, outDir = widgetPackageDir): Promise<void> {
  checkSelfContained(buildOutput);
  await writeDeclarations(outDir);
  fs.copyFileSync(path.join(sdkDir, "package/package.json"), path.join(outDir, "package.json"));
  fs.writeFileSync(path.join(outDir, "README.md"), packageReadme());
}

// The module specifiers of a declaration file: `import … from "x"`, `export … from "x"`, `import "x"` at
// the start of a line, and `import("x")` types.
const specifiers = /(^(?:import|export)\b[^;]*?\bfrom\s+|^import\s+|\bimport\(\s*)(["'])([^"']+)\2/gm;

/**
 * tsc emits declarations for everything the entry imports (the views, the schemas); the package ships only
 * the entry's declaration and the files it imports, which must stay inside sdk/ and import nothing else,
 * with their `.ts` specifiers turned into the `.js` names of the package. `package-entry.d.ts` becomes
 * `index.d.ts`, next to index.js.
 */
async function writeDeclarations(outDir: string) {
  const emitted = fs.mkdtempSync(path.join(os.tmpdir(), "brand-app-types-"));
  try {
    const tsc = path.join(root, "node_modules/typescript/bin/tsc");
    await promisify(execFile)(
      process.execPath,
      // Emit only: `npm run test:types` checks these files with the rest of the repo.
      [tsc, "-p", path.join(sdkDir, "package/tsconfig.json"), "--outDir", emitted, "--noCheck"],
      { cwd: root },
    ).catch((e: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`tsc could not emit the package's declarations:\n${e.stdout || e.stderr || e.message}`);
    });
    const emittedSdk = path.join(emitted, "sdk");
    const queue = ["package-entry.d.ts"];
    const done = new Set<string>();
    while (queue.length) {
      const file = queue.shift() as string;
      if (done.has(file)) continue;
      done.add(file);
      const source = fs.readFileSync(path.join(emittedSdk, file), "utf8");
      const text = source.replace(specifiers, (_, lead: string, quote: string, specifier: string) => {
        if (!specifier.startsWith("./") && !specifier.startsWith("../"))
          throw new Error(
            `the package's declarations import "${specifier}" (${file}): keep them self-contained`,
          );
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        if (target.startsWith("..") || target.includes("/"))
          throw new Error(`the package's declarations reach outside sdk/: ${file} imports ${specifier}`);
        queue.push(target.replace(/\.tsx?$/, ".d.ts"));
        return `${lead}${quote}./${target.replace(/\.tsx?$/, ".js")}${quote}`;
      });
      const name = file === "package-entry.d.ts" ? "index.d.ts" : file;
      fs.writeFileSync(path.join(outDir, name), text);
    }
  } finally {
    fs.rmSync(emitted, { recursive: true, force: true });
  }
}

/** The section `## The npm package …` of sdk/README.md, as the package's own README. */
function packageReadme(): string {
  const readme = fs.readFileSync(path.join(sdkDir, "README.md"), "utf8");
  const start = readme.search(/^## The npm package/m);
  if (start < 0) throw new Error("sdk/README.md has no '## The npm package' section");
  const rest = readme.slice(start);
  const end = rest.slice(3).search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end + 3);
  return `# @brand-apps/widget\n\n${section.replace(/^## .*\n+/, "").trimEnd()}\n`;
}

/**
 * The package has no dependencies: every module of the Vite build imports only modules of the same build
 * (what it names as imports, static or dynamic, are its own chunks).
 */
export function checkSelfContained(output: unknown) {
  const outputs = (Array.isArray(output) ? output : [output]) as {
    output?: { type: string; fileName: string; imports?: string[]; dynamicImports?: string[] }[];
  }[];
  const chunks = outputs.flatMap((o) => o.output ?? []).filter((item) => item.type === "chunk");
  if (!chunks.length) throw new Error("the sdk-package build wrote no chunk");
  const shipped = new Set(chunks.map((c) => c.fileName));
  for (const chunk of chunks)
    for (const id of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])])
      if (!shipped.has(id))
        throw new Error(
          `dist/sdk-package/${chunk.fileName} imports "${id}", which the package does not ship`,
        );
}

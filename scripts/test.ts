import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { browserCounts, failedTests } from "./test-output.ts";

/**
 * `npm test`: every layer, in two lanes side by side. One builds the front ends, then runs custom elements in
 * Chromium and the end-to-end flows (the longest step); the other type-checks, lints and runs the unit tests,
 * then the server and security suites on PGlite and, when DATABASE_URL is set, on PostgreSQL. The second lane's
 * output is printed whole when each of its steps ends, so the log stays readable. Ends with one
 * "tests: N passed, N failed" line over all runners. A runner that reports no count (no report file, no summary
 * line, or no test at all) fails its step rather than counting 0.
 */
const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "brand-apps-test-"));
const totals = { passed: 0, failed: 0 };
const failedNames: string[] = [];

function run(
  title: string,
  cmd: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  buffered = false,
) {
  const started = Date.now();
  let log = `\n=== ${title}\n`;
  if (!buffered) process.stdout.write(log);
  return new Promise<{ code: number; output: string }>((resolve) => {
    let output = "";
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const take = (stream: NodeJS.WriteStream) => (d: Buffer) => {
      output += d;
      if (buffered) log += d;
      else stream.write(d);
    };
    child.stdout.on("data", take(process.stdout));
    child.stderr.on("data", take(process.stderr));
    child.on("close", (code) => {
      const end = `=== ${title}: ${code === 0 ? "ok" : `failed (${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`;
      process.stdout.write(buffered ? log + end : end);
      resolve({ code: code ?? 1, output });
    });
  });
}

async function vitest(
  title: string,
  project: string,
  env: Record<string, string | undefined> = {},
  buffered = false,
  extra: string[] = [],
) {
  const file = path.join(reports, `${title.replace(/\W+/g, "-")}.json`);
  const r = await run(
    title,
    bin("vitest"),
    [
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${file}`,
      ...extra,
    ],
    env,
    buffered,
  );
  if (!fs.existsSync(file)) {
    console.error(`=== ${title}: no report, counted as a failure`);
    totals.failed += 1;
    return r.code || 1;
  }
  const json = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  for (const name of failedTests(json, root)) failedNames.push(`${title}: ${name}`);
  if (json.numTotalTests === 0) {
    console.error(`=== ${title}: ran no test, counted as a failure`);
    totals.failed += 1;
    return r.code || 1;
  }
  return r.code;
}

const failures: string[] = [];
const step = async (title: string, fn: () => Promise<number>) => {
  if ((await fn()) !== 0) failures.push(title);
};

// Two lanes side by side, since the machine has two cores. The end-to-end flows are the longest step and need
// only the built product, so the first lane builds at once and runs the front-end steps; the second runs the
// checks and every suite that needs no build. Both are awaited before the summary.
const pglite = { DATABASE_URL: "" };
const checksAndSuites = (async () => {
  await step(
    "types",
    async () => (await run("types", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"], {}, true)).code,
  );
  await step("lint", async () => (await run("lint", bin("biome"), ["check", "."], {}, true)).code);
  await step("unit", () => vitest("unit", "unit", {}, true));
  await step("server (PGlite)", () => vitest("server (PGlite)", "server", pglite, true));
  await step("security (PGlite)", () => vitest("security (PGlite)", "security", pglite, true));
  if (process.env.DATABASE_URL) {
    await step("server (PostgreSQL)", () => vitest("server (PostgreSQL)", "server", {}, true));
    await step("security (PostgreSQL)", () => vitest("security (PostgreSQL)", "security", {}, true));
  }
})();
const build = await run("build", process.execPath, ["--import", "tsx", "scripts/build.ts"]);
if (build.code !== 0) failures.push("build");
else {
  fs.writeFileSync(path.join(root, "dist", ".built"), new Date().toISOString());
  await step("browser", async () => {
    const r = await run(
      "browser (web-test-runner, Chromium)",
      process.execPath,
      ["--import", "tsx", "node_modules/@web/test-runner/dist/bin.js", "--config", "tests/wtr.config.mjs"],
      // Plain output (the counts are parsed; colour codes are stripped too, in case a runner ignores this).
      { NO_COLOR: "1", FORCE_COLOR: "0" },
    );
    const counts = browserCounts(r.output);
    if (!counts) {
      console.error("=== browser: no 'N passed, N failed' line in the output, counted as a failure");
      totals.failed += 1;
      return r.code || 1;
    }
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    if (counts.passed + counts.failed === 0) {
      console.error("=== browser: ran no test, counted as a failure");
      totals.failed += 1;
      return r.code || 1;
    }
    return r.code;
  });
  await step("e2e", () => vitest("e2e (Playwright, Chromium)", "e2e"));
}

await checksAndSuites;
if (failedNames.length) console.log(`\nFailed tests:\n${failedNames.map((n) => `  ${n}`).join("\n")}`);
console.log(failures.length ? `\nFailed steps: ${failures.join(", ")}` : "\nAll steps passed.");
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length ? 1 : 0);

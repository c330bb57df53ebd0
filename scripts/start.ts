import fs from "node:fs";
import path from "node:path";

/**
 * `npm start`: builds the front ends when dist/ is missing or older than their sources, then starts the
 * server (migrations and the demo seed run there).
 */
const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "dist", ".built");
const sources = ["schemas", "core", "machines", "sdk", "builder", "portal", "promo", "locales"];

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (full.includes("node_modules")) continue;
    newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log("Building the front ends…");
  await import("./build.ts");
  fs.writeFileSync(marker, new Date().toISOString());
}
await import("../server/main.ts");

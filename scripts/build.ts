import { build } from "vite";
import { buildTargets } from "./build-targets.ts";

/** Builds every front end into dist/ (or only the names given: `npm run build -- builder`). */
const wanted = process.argv.slice(2);
for (const [name, config] of Object.entries(buildTargets)) {
  if (wanted.length && !wanted.some((w) => name.startsWith(w))) continue;
  const started = Date.now();
  await build(config);
  console.log(`built ${name} in ${Date.now() - started} ms`);
}

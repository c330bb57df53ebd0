import { build } from "vite";
import { buildTargets } from "./build-targets.ts";
import { completeWidgetPackage } from "./widget-package.ts";

/** What a target needs after its Vite build: the npm package gets its types, package.json and README. */
const after: Record<string, (output: unknown) => Promise<void>> = { "sdk-package": completeWidgetPackage };

/** Builds every front end into dist/ (or only the names given: `npm run build -- builder`). */
const wanted = process.argv.slice(2);
for (const [name, config] of Object.entries(buildTargets)) {
  if (wanted.length && !wanted.some((w) => name.startsWith(w))) continue;
  const started = Date.now();
  const output = await build(config);
  await after[name]?.(output);
  console.log(`built ${name} in ${Date.now() - started} ms`);
}

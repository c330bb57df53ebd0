import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { type RunningServer, startServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

/** End-to-end tests run against the built product: dist/ must exist (npm test builds it first). */
export async function setup(project: TestProject) {
  const dist = path.resolve(import.meta.dirname, "../../dist/builder/index.html");
  if (!fs.existsSync(dist)) throw new Error("dist/ is missing: run `npm run build` before the e2e tests");
  server = await startServer();
  project.provide("baseUrl", server.url);
}

export async function teardown() {
  await server?.stop();
}

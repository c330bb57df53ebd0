import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The npm package `@brand-apps/widget` the way a web developer gets it: built (scripts/build.ts
 * sdk-package), `npm pack`ed, installed from the tarball offline into an empty project, type-checked with the
 * repo's TypeScript, and loaded in Chromium from a site of another origin than the API with
 * `defineBrandApp({ apiBase })`, listening to the element's DOM events.
 */
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const tsc = path.join(root, "node_modules/typescript/bin/tsc");

let server: RunningServer;
let browser: Browser;
let work: string;
let project: string;
let site: { url: string; requests: string[]; close: () => Promise<void> };
let appId: string;
let token: string;
const COUPONS_ID = "5b0e6c1a-2f3d-4e5f-8a9b-1c2d3e4f5a61";
const MISSING_APP = "00000000-0000-4000-8000-000000000000";

async function api<T>(urlPath: string, body?: unknown, auth?: string): Promise<T> {
  const res = await fetch(`${server.url}/api${urlPath}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${urlPath}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

/** The newest sign-in code the dev outbox mailed to this address (the server prints every mail). */
async function codeFromOutbox(email: string): Promise<string> {
  const pattern = new RegExp(`to ${email.replace(/[.+]/g, "\\$&")}: [^\\n]*sign-in code: (\\d{6})`, "g");
  const latest = () => [...server.log().matchAll(pattern)].at(-1)?.[1];
  await expect.poll(latest, { timeout: 10_000 }).toMatch(/^\d{6}$/);
  return latest() as string;
}

/** A bare static file server for the host site: another port than the API, so another origin. */
async function serveDirectory(dir: string): Promise<typeof site> {
  const types: Record<string, string> = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
  };
  const requests: string[] = [];
  const srv = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://site.invalid").pathname);
    requests.push(pathname);
    const file = path.join(dir, pathname === "/" ? "index.html" : pathname);
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections();
        srv.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info" });
  const email = `package-${Date.now()}@example.com`;
  await api("/accounts/sign-up", { email, password: "secret-pass" });
  token = await api<string>("/accounts/sign-in", { email, password: "secret-pass" });
  const definition = {
    name: "Package Motors",
    features: [{ id: COUPONS_ID, type: "Coupons", title: "Our Coupons" }],
    coupons: [{ id: "5b0e6c1a-2f3d-4e5f-8a9b-1c2d3e4f5a62", title: "$10 off a car wash" }],
  };
  appId = (await api<{ appId: string }>("/apps", { definition }, token)).appId;

  // The package, built as the build script builds it, packed and installed into an empty project.
  await run(process.execPath, ["--import", "tsx", path.join(root, "scripts/build.ts"), "sdk-package"], {
    cwd: root,
  });
  work = fs.mkdtempSync(path.join(os.tmpdir(), "brand-app-package-"));
  const packed = await run(
    npm,
    ["pack", path.join(root, "dist/sdk-package"), "--pack-destination", work, "--json"],
    { cwd: work },
  );
  const [{ filename }] = JSON.parse(packed.stdout) as { filename: string }[];
  project = path.join(work, "host-site");
  fs.mkdirSync(project);
  fs.writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({ name: "host-site", private: true, type: "module" }),
  );
  await run(
    npm,
    [
      "install",
      path.join(work, filename),
      "--offline",
      "--no-audit",
      "--no-fund",
      "--cache",
      path.join(work, "cache"),
    ],
    { cwd: project },
  );
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("the npm package @brand-apps/widget", () => {
  it("installs offline from its tarball with nothing but itself", () => {
    const installed = path.join(project, "node_modules");
    expect(fs.readdirSync(installed).filter((f) => !f.startsWith("."))).toEqual(["@brand-apps"]);
    const pkg = JSON.parse(fs.readFileSync(path.join(installed, "@brand-apps/widget/package.json"), "utf8"));
    expect(pkg).toMatchObject({
      name: "@brand-apps/widget",
      type: "module",
      sideEffects: true,
      exports: { ".": { types: "./index.d.ts", default: "./index.js" } },
    });
    expect(pkg.dependencies).toBeUndefined();
    const shipped = fs.readdirSync(path.join(installed, "@brand-apps/widget")).sort();
    expect(shipped).toEqual([
      "README.md",
      "chunks",
      "element.d.ts",
      "events.d.ts",
      "index.d.ts",
      "index.js",
      "package.json",
    ]);
    const readme = fs.readFileSync(path.join(installed, "@brand-apps/widget/README.md"), "utf8");
    expect(readme).toMatch(/^# @brand-apps\/widget\n/);
    expect(readme).toContain('defineBrandApp({ apiBase: "https://apps.example.com" });');
  });

  it("type-checks a host's TypeScript: defineBrandApp, the element, the events and their details", async () => {
    fs.writeFileSync(
      path.join(project, "main.ts"),
      `import { BRAND_APP_EVENTS, type BrandAppErrorDetail, defineBrandApp } from "@brand-apps/widget";

const Element = defineBrandApp({ apiBase: "https://apps.example.com" });
const made: HTMLElementTagNameMap["brand-app"] = document.createElement("brand-app");
const appId: string | undefined = made.appId;
made.addEventListener(BRAND_APP_EVENTS.navigate, (e) => {
  const page: string = e.detail.pageId;
  console.log(appId, page, new Element());
});
document.addEventListener("brand-app:sign-in", (e) => console.log(e.detail.userId.length));
const onError = (e: CustomEvent<BrandAppErrorDetail>) => console.log(e.detail.code + 1, e.detail.message);
made.addEventListener("brand-app:error", onError);
// @ts-expect-error apiBase is a string
defineBrandApp({ apiBase: 8080 });
made.addEventListener("brand-app:ready", (e) => {
  // @ts-expect-error ready's detail has no pageId
  console.log(e.detail.pageId);
});
`,
    );
    const options = {
      strict: true,
      target: "ES2022",
      module: "NodeNext",
      lib: ["ES2022", "DOM"],
      noEmit: true,
      skipLibCheck: false,
      types: [],
    };
    fs.writeFileSync(
      path.join(project, "tsconfig.json"),
      JSON.stringify({ compilerOptions: options, files: ["main.ts"] }),
    );
    await run(process.execPath, [tsc, "-p", project], { cwd: project }).catch((e) => {
      throw new Error(`tsc: ${e.stdout}${e.stderr}`);
    });

    // A React 19 project: <brand-app> is an intrinsic element of React.JSX whose app-id is a string. React's
    // types are linked from the repository (the empty project has no registry to install them from).
    fs.mkdirSync(path.join(project, "node_modules/@types"));
    fs.symlinkSync(
      path.join(root, "node_modules/@types/react"),
      path.join(project, "node_modules/@types/react"),
    );
    fs.symlinkSync(path.join(root, "node_modules/csstype"), path.join(project, "node_modules/csstype"));
    fs.writeFileSync(
      path.join(project, "app.tsx"),
      `import "@brand-apps/widget";
import { useRef } from "react";

export function Offers({ id }: { id: string }) {
  const ref = useRef<HTMLElementTagNameMap["brand-app"]>(null);
  return <brand-app ref={ref} app-id={id} api-base="https://apps.example.com" className="offers" />;
}
// @ts-expect-error app-id is a string
export const wrongType = <brand-app app-id={42} />;
// @ts-expect-error app-id is required
export const missing = <brand-app />;
`,
    );
    fs.writeFileSync(
      path.join(project, "tsconfig.react.json"),
      JSON.stringify({
        compilerOptions: { ...options, jsx: "react-jsx", types: ["react"] },
        files: ["app.tsx"],
      }),
    );
    await run(process.execPath, [tsc, "-p", path.join(project, "tsconfig.react.json")], {
      cwd: project,
    }).catch((e) => {
      throw new Error(`tsc (React): ${e.stdout}${e.stderr}`);
    });
  });

  describe("in Chromium on a site of another origin", () => {
    let page: Page;
    const apiCalls: string[] = [];
    type Heard = {
      type: string;
      detail: Record<string, unknown>;
      from: string | null;
      bubbles: boolean;
      composed: boolean;
    };
    const heard = () => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
    const widget = () => page.locator(`brand-app[app-id="${appId}"]`);

    beforeAll(async () => {
      // The host page imports the installed package by its name (an import map stands in for a bundler) and
      // hears every event on the document: they bubble and are composed out of the shadow root.
      fs.writeFileSync(
        path.join(project, "index.html"),
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host site</title>
<script type="importmap">{"imports":{"@brand-apps/widget":"/node_modules/@brand-apps/widget/index.js"}}</script>
</head><body><h1>A dealer's site</h1>
<brand-app app-id="${appId}"></brand-app>
<brand-app app-id="${MISSING_APP}"></brand-app>
<script type="module">
import { BRAND_APP_EVENTS, defineBrandApp } from "@brand-apps/widget";
window.heard = [];
for (const type of Object.values(BRAND_APP_EVENTS))
  document.addEventListener(type, (e) =>
    heard.push({ type, detail: e.detail, from: e.target.getAttribute("app-id"), bubbles: e.bubbles, composed: e.composed }),
  );
defineBrandApp({ apiBase: ${JSON.stringify(server.url)} });
</script></body></html>`,
      );
      site = await serveDirectory(project);
      expect(new URL(site.url).origin).not.toBe(new URL(server.url).origin);
      page = await browser.newPage();
      page.on("request", (r) => {
        if (new URL(r.url()).pathname.startsWith("/api/")) apiCalls.push(r.url());
      });
      await page.goto(site.url);
    });
    afterAll(() => page?.close());

    it("renders the app from the API given to defineBrandApp and says it is ready on home", async () => {
      await expect.poll(() => widget().locator(".ba-name").textContent()).toBe("Package Motors");
      await expect
        .poll(async () => (await heard()).filter((h) => h.from === appId))
        .toEqual([
          { type: "brand-app:ready", detail: { appId }, from: appId, bubbles: true, composed: true },
          {
            type: "brand-app:navigate",
            detail: { appId, pageId: "home" },
            from: appId,
            bubbles: true,
            composed: true,
          },
        ]);
      // Every widget call went to the API given to defineBrandApp, none to the host site.
      const calls = apiCalls.filter((url) => new URL(url).pathname.startsWith("/api/mobile/"));
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.filter((url) => new URL(url).origin !== server.url)).toEqual([]);
    });

    it("tells the host which screen opens, by its analytics page id", async () => {
      await widget().getByText("Our Coupons").click();
      await widget().getByText("$10 off a car wash").waitFor();
      await expect
        .poll(async () => (await heard()).filter((h) => h.type === "brand-app:navigate").map((h) => h.detail))
        .toEqual([
          { appId, pageId: "home" },
          { appId, pageId: "coupons" },
        ]);
    });

    it("reports an app that cannot be loaded as brand-app:error with its status and message", async () => {
      await expect
        .poll(async () => (await heard()).filter((h) => h.from === MISSING_APP))
        .toEqual([
          {
            type: "brand-app:error",
            detail: { appId: MISSING_APP, code: 404, message: "App not found" },
            from: MISSING_APP,
            bubbles: true,
            composed: true,
          },
        ]);
    });

    it("tells the host when the end user signs in and out", async () => {
      // A fresh page: the account menu is on home.
      await page.reload();
      const w = widget();
      await w.locator(".ba-account-menu").getByRole("button", { name: "Sign In" }).click();
      const email = `end-user-${Date.now()}@example.com`;
      await w.getByLabel("Email or phone").fill(email);
      await w.getByRole("button", { name: "Send Code" }).click();
      await w.getByLabel("Code").fill(await codeFromOutbox(email));
      await w.getByRole("button", { name: "Confirm code" }).click();
      await w.getByRole("button", { name: "My Profile" }).waitFor();
      const userId = await page.evaluate(
        (id) => JSON.parse(localStorage.getItem(`brand-app:${id}:user`) ?? "{}").userId,
        appId,
      );
      expect(userId).toMatch(/^[0-9a-f-]{36}$/);
      await expect
        .poll(async () =>
          (await heard()).filter((h) => h.type.startsWith("brand-app:sign")).map((h) => h.detail),
        )
        .toEqual([{ appId, userId }]);

      await w.locator(".ba-account-menu").getByRole("button", { name: "Sign Out" }).click();
      await w.getByText("Are you sure you want to sign out?").waitFor();
      await w.getByRole("button", { name: "Ok" }).click();
      await expect
        .poll(async () =>
          (await heard()).filter((h) => h.type.startsWith("brand-app:sign")).map((h) => h.type),
        )
        .toEqual(["brand-app:sign-in", "brand-app:sign-out"]);
      expect((await heard()).filter((h) => h.type === "brand-app:sign-out")[0].detail).toEqual({ appId });
    });

    it("works the same from a bundler's build of the host's own module (Vite)", async () => {
      // The host app's source imports the package by name; Vite resolves it through its exports and bundles it.
      const app = path.join(project, "app");
      fs.mkdirSync(app);
      fs.writeFileSync(
        path.join(app, "index.html"),
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bundled host</title>
<script type="module" src="./main.js"></script></head><body><brand-app app-id="${appId}"></brand-app></body></html>`,
      );
      fs.writeFileSync(
        path.join(app, "main.js"),
        `import { BRAND_APP_EVENTS, defineBrandApp } from "@brand-apps/widget";
window.heard = [];
for (const type of Object.values(BRAND_APP_EVENTS))
  document.addEventListener(type, (e) => heard.push({ type, detail: e.detail }));
defineBrandApp({ apiBase: ${JSON.stringify(server.url)} });
`,
      );
      const vite = path.join(root, "node_modules/vite/bin/vite.js");
      await run(
        process.execPath,
        [vite, "build", app, "--outDir", path.join(project, "bundled"), "--base", "./", "--logLevel", "warn"],
        { cwd: project },
      );
      const bundled = await browser.newPage();
      const calls: string[] = [];
      bundled.on("request", (r) => calls.push(r.url()));
      await bundled.goto(`${site.url}/bundled/index.html`);
      const w = bundled.locator(`brand-app[app-id="${appId}"]`);
      await expect.poll(() => w.locator(".ba-name").textContent()).toBe("Package Motors");
      await expect
        .poll(() => bundled.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
        .toEqual([
          { type: "brand-app:ready", detail: { appId } },
          { type: "brand-app:navigate", detail: { appId, pageId: "home" } },
        ]);
      // The page's own files from the host, the app from the API, never the package's node_modules path.
      expect(calls.filter((url) => url.includes("/node_modules/"))).toEqual([]);
      expect(calls.filter((url) => url.includes("/api/mobile/app"))).toEqual([
        `${server.url}/api/mobile/app`,
      ]);
      await bundled.close();
    });
  });
});

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase } from "../../server/db/scratch-database.ts";

const root = path.resolve(import.meta.dirname, "../..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  log: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the built product the way `npm start` does (server/main.ts over dist/), on a free port, a fresh
 * data directory and, when DATABASE_URL names a PostgreSQL server, a fresh database on it (never the shared
 * one: rows and code limits of another run must not leak in), and waits until /api/health answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "brand-apps-e2e-"));
  const database = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  let output = "";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "server/main.ts")],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const cleanUp = async () => {
    if (!exited()) await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited()) {
      await cleanUp();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      await cleanUp();
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    log: () => output,
    async stop() {
      child.kill("SIGTERM");
      await cleanUp();
    },
  };
}

export interface HostSite {
  /** The site's origin: the same loopback interface as the API, another port, so another origin. */
  url: string;
  /** The paths the site was asked for, in order. */
  requests: () => string[];
  stop(): Promise<void>;
}

/**
 * A customer's web site for the widget to be pasted into: a bare node http server on its own free port
 * that answers `/` with `html` and everything else 404, and records every path it is asked for (a widget
 * asking its host for /api would show up here).
 */
export async function startHostSite(html: string): Promise<HostSite> {
  const port = await freePort();
  const seen: string[] = [];
  const site = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://host.invalid").pathname;
    seen.push(pathname);
    if (pathname === "/") res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    else res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve, reject) => {
    site.once("error", reject);
    site.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...seen],
    stop: () =>
      new Promise<void>((resolve) => {
        site.closeAllConnections();
        site.close(() => resolve());
      }),
  };
}

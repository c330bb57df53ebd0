import { isIP } from "node:net";
import path from "node:path";

/**
 * Which peers may tell us, through X-Forwarded-For/-Host/-Proto, who the client is: `false` (nobody: the
 * socket's address is the client), a hop count (that many proxies in front, each appending the address it
 * saw), addresses/CIDRs of the proxies, or `true` (every hop, so the left-most X-Forwarded-For entry, which
 * the client writes itself unless the proxy replaces the header).
 */
export type TrustProxy = boolean | number | string[];

/** Server configuration, read once from the environment (or passed by tests). */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite engine is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files and uploaded images live; ignored by PGlite when `memory` is set. */
  dataDir: string;
  /** Public origin used in links (QR codes, e-mails, embed snippets). */
  publicUrl?: string;
  /** The one user id with special rights (spec §6); never hard-coded. */
  superUserId?: string;
  /** Where the built front ends live. */
  distDir: string;
  logLevel: string;
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); without it mail goes to the dev outbox. */
  smtpUrl?: string;
  /** Sender of outgoing mail. */
  mailFrom: string;
  /** The app new apps are seeded from (spec §9: the template app id is fixed per installation). */
  templateAppId?: string;
  /** TRUST_PROXY: which proxies are believed about the client's address, host and protocol. */
  trustProxy: TrustProxy;
  /** Redis for the counters shared by all API nodes (rate limits, send limits, lock-outs); else PostgreSQL. */
  redisUrl?: string;
  /**
   * SECRETS_KEY: encrypts secrets at rest (VAPID private key, native push profile keys) with AES-256-GCM; 64 hex
   * digits, base64 of 32 bytes, or a passphrase. Unset: a development key derived from a public string
   * (services/crypto-box.ts), fine for `npm start` on a laptop, never for production.
   */
  secretsKey?: string;
  /** PUSH_CA_FILE: extra CA certificates (PEM file) trusted for Web Push endpoints, e.g. a local push service. */
  pushCaFile?: string;
  /**
   * PUSH_LEASE_SECONDS (default 60): how long a worker holds the deliveries it claimed; a worker that dies
   * mid-send leaves them to another after this.
   */
  pushLeaseSeconds?: number;
  /** PUSH_ORIGIN_CONCURRENCY (default 100): requests in flight to one push service per worker process. */
  pushOriginConcurrency?: number;
  /**
   * ANALYTICS_RETENTION_MONTHS (default 25): months of raw analytics signals kept, the current one included;
   * older monthly partitions are dropped (the dashboards' rollups stay) and older signals are refused.
   */
  analyticsRetentionMonths?: number;
  /**
   * FEATURE_PACKAGES: partners' feature packages to load at start (issue 20), a comma list of npm package
   * names (resolved from node_modules, else packages/{name}) or folder paths (relative to the working
   * directory). A package that fails to load is logged and skipped; the server still starts.
   */
  featurePackages?: string[];
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, "..");
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? "0.0.0.0",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, "data")),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    superUserId: env.SUPER_USER_ID || undefined,
    distDir: path.resolve(env.DIST_DIR ?? path.join(root, "dist")),
    logLevel: env.LOG_LEVEL ?? "info",
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "Brand Apps <no-reply@brand-apps.local>",
    templateAppId: env.TEMPLATE_APP_ID || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL || undefined,
    secretsKey: env.SECRETS_KEY || undefined,
    pushCaFile: env.PUSH_CA_FILE || undefined,
    pushLeaseSeconds: env.PUSH_LEASE_SECONDS ? Number(env.PUSH_LEASE_SECONDS) : undefined,
    pushOriginConcurrency: env.PUSH_ORIGIN_CONCURRENCY ? Number(env.PUSH_ORIGIN_CONCURRENCY) : undefined,
    analyticsRetentionMonths: parseRetention(env.ANALYTICS_RETENTION_MONTHS),
    featurePackages: parseFeaturePackages(env.FEATURE_PACKAGES),
  };
}

/** ANALYTICS_RETENTION_MONTHS: a whole number of months, at least 2 (this month and the last); anything else stops the start. */
export function parseRetention(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const months = Number(text);
  if (!Number.isInteger(months) || months < 2 || months > 1200)
    throw new Error(
      `ANALYTICS_RETENTION_MONTHS must be a whole number of months from 2 to 1200, not "${text}"`,
    );
  return months;
}

/** FEATURE_PACKAGES: the comma list's non-empty entries, trimmed, each once. */
export function parseFeaturePackages(value: string | undefined): string[] {
  return [...new Set((value ?? "").split(",").map((entry) => entry.trim()))].filter(Boolean);
}

/** PUBLIC_URL without its trailing slashes (links append "/path"); anything but an http(s) URL stops the start. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL is not a URL: ${text}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`PUBLIC_URL must be an http or https URL: ${text}`);
  return text.replace(/\/+$/, "");
}

/** The names proxy-addr (Fastify's trust check) knows besides addresses and CIDRs. */
const addressRanges = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IPv4/IPv6 address, optionally with a prefix length or (IPv4) a netmask: what proxy-addr compiles. */
function isAddressOrCidr(entry: string): boolean {
  if (addressRanges.has(entry)) return true;
  const [address, prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY as Fastify's trustProxy understands it, checked at start so a typo cannot silently trust
 * nobody (or everybody): unset, "", "false" or "0" trust nobody; "true" every hop; a whole number that many
 * hops; otherwise a comma list of addresses, CIDRs or the names loopback, linklocal, uniquelocal.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
  if (wrong.length)
    throw new Error(
      `TRUST_PROXY: ${wrong.map((w) => JSON.stringify(w)).join(", ")} is not an address, a CIDR, loopback, linklocal or uniquelocal (or use a hop count, true or false)`,
    );
  return entries;
}

import path from "node:path";

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
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, "..");
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? "0.0.0.0",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, "data")),
    publicUrl: env.PUBLIC_URL || undefined,
    superUserId: env.SUPER_USER_ID || undefined,
    distDir: path.resolve(env.DIST_DIR ?? path.join(root, "dist")),
    logLevel: env.LOG_LEVEL ?? "info",
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "Brand Apps <no-reply@brand-apps.local>",
    templateAppId: env.TEMPLATE_APP_ID || undefined,
  };
}

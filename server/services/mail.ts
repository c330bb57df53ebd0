import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/connect.ts";
import { mailOutbox } from "../db/schema.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail. Operations depend on this shape only, so tests and the dev outbox can stand in for SMTP. */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Real mail through an SMTP server (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/**
 * The default without SMTP: mail is kept in the database and printed to the log, so one command runs the
 * whole product and a developer can still follow a confirmation or reset link.
 */
export function outboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    kind: "outbox",
    async send(mail) {
      await db.insert(mailOutbox).values(mail);
      log.info(
        { to: mail.to, subject: mail.subject },
        `mail (dev outbox) to ${mail.to}: ${mail.subject}\n${mail.text}`,
      );
    },
    close() {},
  };
}

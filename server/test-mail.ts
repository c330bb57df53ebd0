import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone, enough to find links and texts. */
  text: string;
  subject: string;
}

function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A real SMTP server on an ephemeral local port: tests point SMTP_URL at it and read what arrived, so mail
 * goes through nodemailer and the SMTP protocol exactly as in production.
 */
export async function mailCatcher() {
  const mails: CaughtMail[] = [];
  const waiting: { to: string; resolve: (m: CaughtMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: CaughtMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          text: decodeQuotedPrintable(raw),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
        };
        mails.push(mail);
        for (const w of [...waiting])
          if (mail.to.includes(w.to)) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(mail);
          }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next mail to this address (or one that already arrived and was not taken yet). */
    next(to: string, timeoutMs = 5000): Promise<CaughtMail> {
      const addr = to.toLowerCase();
      const i = mails.findIndex((m) => m.to.includes(addr));
      if (i >= 0) return Promise.resolve(mails.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          to: addr,
          resolve: (m) => {
            clearTimeout(timer);
            mails.splice(mails.indexOf(m), 1);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token at the end of a link to `path` in a mail, e.g. linkToken(mail, "/reset-password/"). */
export function linkToken(mail: CaughtMail, path: string): string {
  const m = new RegExp(`${path.replace(/[/]/g, "\\/")}([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in mail:\n${mail.text}`);
  return m[1];
}

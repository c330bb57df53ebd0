import type { Mail } from "./mail.ts";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A short mail with one link, as text and as simple HTML (user-given parts escaped). */
function linkMail(to: string, subject: string, lines: string[], action: string, link: string): Mail {
  return {
    to,
    subject,
    text: `${lines.join("\n\n")}\n\n${action}: ${link}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
  };
}

/** The texts of every mail the API sends. Links point at the builder's pages under the public origin. */
export const mailTexts = {
  confirmEmail: (to: string, link: string) =>
    linkMail(
      to,
      "Confirm your e-mail address",
      ["Please confirm that this is your e-mail address.", "The link is valid for 3 days."],
      "Confirm e-mail",
      link,
    ),
  resetPassword: (to: string, link: string) =>
    linkMail(
      to,
      "Reset your password",
      [
        "Someone asked to reset the password of your account. If it was not you, ignore this mail.",
        "The link is valid for 1 hour.",
      ],
      "Reset password",
      link,
    ),
  unlock: (to: string, link: string) =>
    linkMail(
      to,
      "Your account is locked after failed sign-ins",
      [
        "There were too many failed attempts to sign in to your account, so signing in with the password alone is paused for a while.",
        "If it was you, open the link below and sign in with your password. If it was not you, someone may be guessing your password: nothing else is needed, but consider changing it to a long one.",
        "The link is valid for 1 hour.",
      ],
      "Sign in",
      link,
    ),
  invitation: (to: string, appName: string, role: string, link: string) =>
    linkMail(
      to,
      `You are invited to manage ${appName}`,
      [
        `You have been invited to manage the app ${appName} as ${role}.`,
        "The invitation is valid for 14 days.",
      ],
      "Create your account",
      link,
    ),
  accessGranted: (to: string, appName: string, role: string, link: string) =>
    linkMail(
      to,
      `You can now manage ${appName}`,
      [`You have been given the ${role} role on the app ${appName}.`],
      "Open the app",
      link,
    ),
  /** The weekly insights report (server/jobs/insights.ts) and its "send one now". */
  insights: (
    to: string,
    appName: string,
    f: {
      from: string;
      to: string;
      installs: number;
      signIns: number;
      redemptions: number;
      leads: number;
      pushesSent: number;
    },
  ): Mail => {
    const day = (iso: string) => iso.slice(0, 10);
    const lines = [
      `Installs: ${f.installs}`,
      `Sign-ins: ${f.signIns}`,
      `Redemptions: ${f.redemptions}`,
      `Leads: ${f.leads}`,
      `Pushes sent: ${f.pushesSent}`,
    ];
    const intro = `${appName} from ${day(f.from)} to ${day(new Date(new Date(f.to).getTime() - 1).toISOString())}:`;
    return {
      to,
      subject: `${appName}: your weekly insights`,
      text: `${intro}\n\n${lines.join("\n")}\n`,
      html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`,
    };
  },
};

/** Paths of the builder pages that mailed links open (the builder reads the token from the path). */
export const mailLinks = {
  confirmEmail: (origin: string, token: string) => `${origin}/verify/${token}`,
  resetPassword: (origin: string, token: string) => `${origin}/reset-password/${token}`,
  /** The sign-in page in its unlock form (builder/src/auth/SignIn.tsx). */
  unlock: (origin: string, token: string) => `${origin}/login?unlock=${token}`,
  signUp: (origin: string, code: string) => `${origin}/sign-up/${code}`,
  app: (origin: string, appId: string) => `${origin}/apps/${appId}`,
};

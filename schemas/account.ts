import { type Static, Type } from "@sinclair/typebox";
import { messages } from "./messages.ts";
import { email, password, text } from "./text.ts";
import { webUrl } from "./url.ts";

export const SignUp = Type.Object(
  {
    email: email({ required: true }),
    password: password(),
    name: Type.Optional(text(2, 64)),
    /** Where the console sends this user after sign-in when it is another host (spec §6): a web address. */
    portalUrl: Type.Optional(webUrl()),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { email: messages.required, password: messages.required } },
  },
);
export type SignUp = Static<typeof SignUp>;

export const SignIn = Type.Object(
  {
    email: email({ required: true }),
    password: Type.String({ pattern: "\\S", errorMessage: messages.required }),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { email: messages.required, password: messages.required } },
  },
);
export type SignIn = Static<typeof SignIn>;

export const UserType = Type.Union([Type.Literal("Admin"), Type.Literal("Accountant"), Type.Literal("User")]);

/** POST /accounts/unlock/{token}: the password, with the link mailed when the account was locked. */
export const UnlockSignIn = Type.Object(
  { password: Type.String({ pattern: "\\S", maxLength: 200, errorMessage: messages.required }) },
  { additionalProperties: false, errorMessage: { required: { password: messages.required } } },
);
export type UnlockSignIn = Static<typeof UnlockSignIn>;

/** The signed-in user (spec §3 User, admin side). */
export const Me = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  type: UserType,
  portalUrl: Type.Union([Type.String(), Type.Null()]),
  emailConfirmed: Type.Boolean(),
});
export type Me = Static<typeof Me>;

/** PUT /accounts/change-password: the current password proves it is the owner, not a stolen session. */
export const ChangePassword = Type.Object(
  {
    password: Type.String({ pattern: "\\S", maxLength: 200, errorMessage: messages.required }),
    newPassword: password(),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { password: messages.required, newPassword: messages.required } },
  },
);
export type ChangePassword = Static<typeof ChangePassword>;

/** PUT /accounts/reset-password/{token} and PUT /admin/accounts/{id}/password. */
export const NewPassword = Type.Object(
  { password: password() },
  { additionalProperties: false, errorMessage: { required: { password: messages.required } } },
);
export type NewPassword = Static<typeof NewPassword>;

/** Tokens and codes that arrive in mailed links. */
export const MailedToken = Type.String({ minLength: 10, maxLength: 200, pattern: "^[A-Za-z0-9_-]+$" });

/** A plain confirmation for the client to show (e.g. "Password reset email has been sent!"). */
export const Notice = Type.Object({ message: Type.String() });
export type Notice = Static<typeof Notice>;

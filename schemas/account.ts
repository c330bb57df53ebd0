import { type Static, Type } from "@sinclair/typebox";
import { messages } from "./messages.ts";
import { email, password, text } from "./text.ts";

export const SignUp = Type.Object(
  {
    email: email({ required: true }),
    password: password(),
    name: Type.Optional(text(2, 64)),
    portalUrl: Type.Optional(Type.String({ maxLength: 2000 })),
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

/** The signed-in user (spec §3 User, admin side). */
export const Me = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  type: UserType,
  portalUrl: Type.Union([Type.String(), Type.Null()]),
});
export type Me = Static<typeof Me>;

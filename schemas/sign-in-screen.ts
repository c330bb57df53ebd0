import { type Static, Type } from "@sinclair/typebox";
import { image } from "./common.ts";
import { sized } from "./text.ts";

/** The end user's sign-in screen (spec §2: title, text, disclaimer, image, phone-auth switch). */
export const SignInScreen = Type.Object(
  {
    title: Type.Optional(sized("screenTitle", { title: "Title" })),
    text: Type.Optional(sized("longMessage", { title: "Text" })),
    disclaimer: Type.Optional(sized("message1000", { title: "Disclaimer" })),
    image: Type.Optional(image()),
    phoneAuth: Type.Optional(Type.Boolean({ title: "Sign in by phone", default: false })),
  },
  { additionalProperties: false, title: "Sign-in screen" },
);
export type SignInScreen = Static<typeof SignInScreen>;

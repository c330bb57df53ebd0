import { type Static, Type } from "@sinclair/typebox";
import { REFERRAL_FROM_MAX } from "./constants/limits.ts";
import { messages } from "./messages.ts";
import { phone } from "./phone.ts";
import { password, passwordConfirmation } from "./text.ts";

/** Choosing a new password: minimum 6, and the confirmation equal to it (spec §5). */
export const PasswordWithConfirmation = Type.Object(
  { password: password({ title: "Password" }), confirmPassword: passwordConfirmation() },
  { additionalProperties: false },
);
export type PasswordWithConfirmation = Static<typeof PasswordWithConfirmation>;

/** The portal's code field: 'Code is required', then 'Code is invalid' unless it is the digits sent (spec §8). */
export const PortalCode = Type.Object(
  {
    code: Type.String({
      title: "Code",
      pattern: "\\S",
      if: { pattern: "\\S" },
      then: { pattern: "^\\s*\\d{4,8}\\s*$", errorMessage: messages.codeInvalid },
      errorMessage: { type: messages.codeRequired, pattern: messages.codeRequired },
    }),
  },
  { additionalProperties: false, errorMessage: { required: { code: messages.codeRequired } } },
);
export type PortalCode = Static<typeof PortalCode>;

/** The referral certificate's 'From' name: at most 24 characters (spec §2, §5). */
export const ReferralFrom = Type.String({
  title: "From",
  maxLength: REFERRAL_FROM_MAX,
  errorMessage: { maxLength: messages.max(REFERRAL_FROM_MAX) },
});

/** Send Offer: the offer by text or e-mail to a phone number (spec §2). */
export const SendOffer = Type.Object(
  { phone: phone({ required: true, title: "Phone" }) },
  { additionalProperties: false },
);

/**
 * Coded errors of the widget's calls. They carry `statusCode` and `code`, which the app's error handler
 * answers as `{ error: { message, code } }`, so this list needs no change to the shared one.
 */
export const mobileErrors = {
  // Spec §8 (portal): the message for a wrong code, and for a code that can no longer succeed.
  WrongCode: { status: 400, message: "The code must be invalid :(" },
  CodeInvalid: { status: 400, message: "Code is invalid" },
  CodeRequired: { status: 400, message: "Code is required" },
  SendTooSoon: { status: 429, message: "Please wait a minute before asking for another code" },
  TooManySends: { status: 429, message: "Too many codes were sent to this address, try again in an hour" },
  AppSendBudget: { status: 429, message: "This app has sent too many sign-in codes, try again later" },
  IdentifierRequired: { status: 400, message: "An email or a phone is required" },
  UserTokenRequired: { status: 401, message: "Sign in to see this profile" },
  UserTokenInvalid: { status: 401, message: "Your session has ended, sign in again" },
  EndUserNotFound: { status: 400, message: "This user is unknown to the app" },
  SmsFailed: { status: 502, message: "The text message could not be sent, try again later" },
  PushTokenRequired: { status: 400, message: "A push token is required" },
  FormNotFound: { status: 404, message: "Form not found" },
  FormEmpty: { status: 400, message: "value can't be empty" },
  OfferNotFound: { status: 404, message: "Special not found" },
  AlreadyRedeemed: { status: 409, message: "You have already redeemed this special." },
  StampCodeInvalid: { status: 422, message: "That code is not right. Ask the staff for the counter code." },
  // Save Offer in the customer portal (issue 17): a bounded list per customer and app.
  SavedOffersFull: {
    status: 409,
    message: "You can keep up to 200 saved offers. Remove one to save another.",
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type MobileErrorCode = keyof typeof mobileErrors;

export class MobileError extends Error {
  readonly statusCode: number;
  constructor(readonly code: MobileErrorCode) {
    super(mobileErrors[code].message);
    this.statusCode = mobileErrors[code].status;
  }
}

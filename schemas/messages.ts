/**
 * Every validation message of the product. The ones marked "spec" are the customer's words (spec §5, §8),
 * reproduced exactly; the others cover rules the spec states without quoting a message, worded in the same
 * lower-case style so a form never mixes voices.
 */
export const messages = {
  /** spec §5 */
  required: "value can't be empty",
  /** spec §5 */
  min: (n: number) => `value should be minimum ${n} characters`,
  /** spec §5 */
  max: (n: number) => `value should be maximum ${n} characters`,
  /** spec §5 */
  email: "invalid email",
  /** spec §5 */
  emailList: "contains invalid email",
  /** spec §5 */
  url: "incorrect url",
  /** spec §5 */
  passwordConfirm: "value should be equal to the password",
  /** spec §5 (stamp count) */
  invalidNumber: "invalid number",
  /** spec §5 (stamp count) */
  greaterThan: (n: number) => `value should be greater than ${n}`,
  /** spec §5 (stamp count), word order as the customer wrote it */
  lessOrEqual: (n: number) => `value should be less than ${n} or equal`,
  /** spec §5 (custom form, Recipient values); positions count from 1 as a person reads the dropdown */
  recipientEmailAt: (n: number) => `dropdown items contain invalid or empty email at position ${n}`,
  /** spec §5 (View Schedule), with the customer's typographic quotes */
  pushEditRule:
    "You may only edit and delete push notifications in “View Schedule” that are scheduled 10+ minutes in advance of the current time.",
  /** spec §8 (portal code) */
  codeRequired: "Code is required",
  /** spec §8 (portal code) */
  codeInvalid: "Code is invalid",

  /** ours: "At least one item required" and the custom form's "at least 2 fields" (spec §5 quotes no text) */
  minItems: (n: number) => (n === 1 ? "at least one item required" : `at least ${n} items required`),
  /** ours: phone format (spec §5 describes the format, quotes no text) */
  phone: "invalid phone number",
  /** ours: latitude / longitude bounds */
  between: (min: number, max: number) => `value should be between ${min} and ${max}`,
  /** ours: dates the builder's pickers always send as ISO 8601 */
  date: "invalid date",
  /** ours: a value outside a closed list */
  oneOf: "invalid value",
  /** ours: a feature whose type no module registered */
  unknownFeatureType: (type: string) => `unknown feature type "${type}"`,
} as const;

/** Every validation message of spec §5, worded exactly as the customer wrote them. */
export const messages = {
  required: "value can't be empty",
  min: (n: number) => `value should be minimum ${n} characters`,
  max: (n: number) => `value should be maximum ${n} characters`,
  email: "invalid email",
  emailList: "contains invalid email",
  url: "incorrect url",
  passwordConfirm: "value should be equal to the password",
} as const;

import { matches, PHONE_MAX_PATTERN, PHONE_MIN_PATTERN, PHONE_PATTERN } from "../schemas/patterns.ts";
import { DAY, type Instant, ms, optionalMs } from "./time.ts";

/** Whether a value looks like a phone number by the rules of spec §5 (format and 4-24 characters). */
export function looksLikePhone(value: string): boolean {
  const v = value.trim();
  return (
    !v.includes("@") &&
    matches(PHONE_PATTERN, v) &&
    matches(PHONE_MIN_PATTERN, v) &&
    matches(PHONE_MAX_PATTERN, v)
  );
}

/**
 * The sign-in identifier (spec §5): a phone-looking value is sent as a phone, without its separators so
 * the server matches it however it was typed; anything else as a (trimmed) e-mail.
 */
export function signInIdentifier(value: string): { phone: string } | { email: string } {
  const v = value.trim();
  if (looksLikePhone(v)) return { phone: v.replace(/[\s\-().]/g, "") };
  return { email: v };
}

/** 'Login later' suppresses sign-in prompts this long (spec §4, §9). */
export const LOGIN_LATER_MS = 7 * DAY;

/**
 * Whether the end user chose to sign in later (spec §4): within 7 days of choosing it, or whenever an
 * e-mail is already known for them.
 */
export function isLoginLater(
  state: { loginLaterAt?: Instant | null; email?: string | null },
  now: Instant,
): boolean {
  if (state.email?.trim()) return true;
  const at = optionalMs(state.loginLaterAt);
  return at !== undefined && ms(now) - at < LOGIN_LATER_MS;
}

/** An embedded user is authenticated when their e-mail or phone is verified (spec §4). */
export const isEndUserAuthenticated = (p: {
  emailVerified?: boolean | null;
  phoneVerified?: boolean | null;
}) => !!(p.emailVerified || p.phoneVerified);

/** Prompt to sign in only the unauthenticated who did not choose to sign in later. */
export function shouldPromptSignIn(
  state: {
    loginLaterAt?: Instant | null;
    email?: string | null;
    emailVerified?: boolean;
    phoneVerified?: boolean;
  },
  now: Instant,
): boolean {
  return !isEndUserAuthenticated(state) && !isLoginLater(state, now);
}

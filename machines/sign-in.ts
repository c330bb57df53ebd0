import { assign, fromPromise, setup } from "xstate";
// The file, not core/index.ts: the widget bundles this machine, and the index drags in the schemas (TypeBox, ajv).
import { signInIdentifier } from "../core/sign-in.ts";

/** Spec §8 portal messages the sign-in flow shows itself (the server's messages are shown as they come). */
export const SIGN_IN_MESSAGES = {
  codeRequired: "Code is required",
  startOver: "Let's start over...",
  unknown: "Unknown error",
} as const;

export type SignInIdentifier = { phone: string } | { email: string };

export interface SignedInUser {
  userId: string;
  token: string;
  profile: Record<string, unknown>;
}

export interface SignInContext {
  /** What the person typed: an e-mail or a phone. */
  contact: string;
  /** The identifier the code was sent to (phone-looking values go as phone). */
  identifier: SignInIdentifier | null;
  code: string;
  /** The error under the field, or the start-over notice. */
  error: string | null;
  notice: string | null;
  user: SignedInUser | null;
}

export type SignInEvent =
  | { type: "signIn.contact"; value: string }
  | { type: "signIn.sendCode" }
  | { type: "signIn.code"; value: string }
  | { type: "signIn.confirm" }
  | { type: "signIn.back" }
  | { type: "signIn.startOver" }
  | { type: "signIn.later" }
  | { type: "signIn.signOut" }
  /** The profile load answered 401 or 400 (spec §8): the stored user is dropped and the person signed out. */
  | { type: "signIn.expired" };

const messageOf = (error: unknown) =>
  typeof (error as { message?: unknown })?.message === "string" && (error as Error).message
    ? (error as Error).message
    : SIGN_IN_MESSAGES.unknown;

/**
 * Passwordless sign-in (spec §2, §4): enter an e-mail or phone, Send Code, the "sent" screen with the code
 * field, Confirm code; Back returns to the contact, start over clears everything with "Let's start over...",
 * a wrong code shows the server's message and keeps the code screen. 'Login later' is remembered by the
 * runtime for 7 days (`rememberLater`). The calls (`sendCode`, `confirmCode`, `signOut`) and the storage
 * (`storeUser`, `forgetUser`) are provided by the widget, so this machine runs the same in tests.
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as { user?: SignedInUser | null } | undefined,
  },
  actors: {
    sendCode: fromPromise<void, { identifier: SignInIdentifier }>(async () => {}),
    confirmCode: fromPromise<SignedInUser, { identifier: SignInIdentifier; code: string }>(async () => {
      throw new Error("confirmCode not provided");
    }),
    signOut: fromPromise<void, { user: SignedInUser | null }>(async () => {}),
  },
  actions: {
    storeUser: (_, _params: { user: SignedInUser }) => {},
    forgetUser: () => {},
    rememberLater: () => {},
    setContact: assign({
      contact: ({ context, event }) => (event.type === "signIn.contact" ? event.value : context.contact),
      error: null,
    }),
    setCode: assign({
      code: ({ context, event }) => (event.type === "signIn.code" ? event.value : context.code),
      error: null,
    }),
    pickIdentifier: assign({
      identifier: ({ context }) => signInIdentifier(context.contact),
      error: null,
      notice: null,
    }),
    codeRequired: assign({ error: SIGN_IN_MESSAGES.codeRequired }),
    showError: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
    startOver: assign({
      contact: "",
      code: "",
      identifier: null,
      error: null,
      notice: SIGN_IN_MESSAGES.startOver,
    }),
    back: assign({ code: "", error: null }),
    clear: assign({ contact: "", code: "", identifier: null, error: null, notice: null, user: null }),
  },
  guards: {
    hasContact: ({ context }) => context.contact.trim().length > 0,
    hasCode: ({ context }) => context.code.trim().length > 0,
    signedIn: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: "signIn",
  context: ({ input }) => ({
    contact: "",
    identifier: null,
    code: "",
    error: null,
    notice: null,
    user: input?.user ?? null,
  }),
  initial: "starting",
  states: {
    starting: { always: [{ guard: "signedIn", target: "signedIn" }, { target: "contact" }] },
    contact: {
      on: {
        "signIn.contact": { actions: "setContact" },
        "signIn.sendCode": { guard: "hasContact", target: "sending", actions: "pickIdentifier" },
        "signIn.later": { target: "later", actions: "rememberLater" },
      },
    },
    sending: {
      invoke: {
        src: "sendCode",
        input: ({ context }) => ({ identifier: context.identifier as SignInIdentifier }),
        onDone: { target: "code" },
        onError: {
          target: "contact",
          actions: { type: "showError", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** "We sent you a code by email or text…": the code field, Confirm code, Back and start over. */
    code: {
      on: {
        "signIn.code": { actions: "setCode" },
        "signIn.confirm": [{ guard: "hasCode", target: "confirming" }, { actions: "codeRequired" }],
        "signIn.back": { target: "contact", actions: "back" },
        "signIn.startOver": { target: "contact", actions: "startOver" },
        "signIn.sendCode": { target: "sending" },
      },
    },
    confirming: {
      invoke: {
        src: "confirmCode",
        input: ({ context }) => ({
          identifier: context.identifier as SignInIdentifier,
          code: context.code.trim(),
        }),
        onDone: {
          target: "signedIn",
          actions: [
            assign({ user: ({ event }) => event.output, code: "", error: null, notice: null }),
            { type: "storeUser", params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: {
          target: "code",
          actions: { type: "showError", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signedIn: {
      on: {
        // Forgotten locally at once: a reload or a closed tab while the server is asked must not sign back in.
        "signIn.signOut": { target: "signingOut", actions: "forgetUser" },
        "signIn.expired": { target: "contact", actions: ["forgetUser", "clear"] },
      },
    },
    signingOut: {
      invoke: {
        src: "signOut",
        input: ({ context }) => ({ user: context.user }),
        // Signing out locally must not depend on the network: the user asked to leave.
        onDone: { target: "contact", actions: "clear" },
        onError: { target: "contact", actions: "clear" },
      },
    },
    /** 'Login later': the prompt is closed; the runtime suppresses it for 7 days. */
    later: {
      on: { "signIn.contact": { target: "contact", actions: "setContact" } },
    },
  },
});

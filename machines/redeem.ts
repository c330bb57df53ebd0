import { assign, fromPromise, setup } from "xstate";

/** What recording a redemption answers (POST /mobile/users/{userId}/redemptions). */
export interface RedemptionRecord {
  id: string;
  offerId: string;
  createdAt: string;
}

export interface RedeemContext {
  /** Whether the end user is signed in now (the widget tells the machine when it changes). */
  signedIn: boolean;
  /** When the redemption was recorded (ISO); null when only known as redeemed (GET offers `redeemed`). */
  redeemedAt: string | null;
  /** The failure's text to show, with Retry. */
  error: string | null;
  /** Known as redeemed before this flow (GET offers `redeemed`): 'Redeemed' and no button. */
  redeemedBefore: boolean;
}

export type RedeemEvent =
  /** The detail's Redeem button. */
  | { type: "redeem.start" }
  /** The confirmation's Redeem: the customer is ready to redeem now. */
  | { type: "redeem.confirm" }
  /** Not Now (confirmation, sign-in prompt, failure). */
  | { type: "redeem.cancel" }
  | { type: "redeem.retry" }
  /** The end user signed in or out meanwhile (the Sign In screen came back). */
  | { type: "redeem.signedIn" }
  | { type: "redeem.signedOut" };

export interface RedeemInput {
  signedIn: boolean;
  /** The user redeemed this offer before (it is in GET /mobile/users/{userId}/offers `redeemed`). */
  redeemed?: boolean;
}

/** Error codes the flow tells apart (the server's coded errors, issue 12 contract). */
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/**
 * Redeeming a special (spec §2 coupon detail's Redeem, §4 redeem; issue 12): a visitor is asked to sign in
 * first (`openSignIn` shows the app's Sign In screen, and the flow goes on once signed in), then the
 * confirmation (show the special to the service advisor; ready to redeem now?), then the redemption is
 * recorded. Redeemed shows the time; the server refusing a second one is `alreadyRedeemed`; any other
 * failure keeps its message with Retry. The call (`redeem`) and the side effects (`openSignIn`,
 * `recorded` for the analytics signal) are provided by the surface, so the machine runs the same in tests.
 */
export const redeemMachine = setup({
  types: {
    context: {} as RedeemContext,
    events: {} as RedeemEvent,
    input: {} as RedeemInput,
  },
  actors: {
    redeem: fromPromise<RedemptionRecord, void>(async () => {
      throw new Error("redeem not provided");
    }),
  },
  actions: {
    openSignIn: () => {},
    /** The redemption was recorded: the surface's analytics signal, once per redemption. */
    recorded: (_, _params: { redemption: RedemptionRecord }) => {},
    setSignedIn: assign({ signedIn: true }),
    setSignedOut: assign({ signedIn: false }),
    clearError: assign({ error: null }),
    showError: assign({
      error: (_, params: { error: unknown }) => {
        const m = (params.error as { message?: unknown } | null)?.message;
        return typeof m === "string" && m ? m : null;
      },
    }),
  },
  guards: {
    redeemedBefore: ({ context }) => context.redeemedBefore,
    signedIn: ({ context }) => context.signedIn,
    alreadyRedeemed: (_, params: { error: unknown }) => codeOf(params.error) === "AlreadyRedeemed",
    /** The session ended on the server (401): signing in again is the way on. */
    signedOutOnServer: (_, params: { error: unknown }) => statusOf(params.error) === 401,
  },
}).createMachine({
  id: "redeem",
  context: ({ input }) => ({
    signedIn: input.signedIn,
    redeemedAt: null,
    error: null,
    redeemedBefore: !!input.redeemed,
  }),
  initial: "starting",
  on: {
    "redeem.signedIn": { actions: "setSignedIn" },
    "redeem.signedOut": { actions: "setSignedOut" },
  },
  states: {
    starting: {
      always: [{ guard: "redeemedBefore", target: "redeemed" }, { target: "idle" }],
    },
    idle: {
      on: {
        "redeem.start": [
          { guard: "signedIn", target: "confirming" },
          { target: "needsSignIn", actions: "openSignIn" },
        ],
      },
    },
    /** 'Sign in for special offers': the Sign In screen is open or was closed without signing in. */
    needsSignIn: {
      on: {
        "redeem.signedIn": { target: "confirming", actions: "setSignedIn" },
        "redeem.start": { actions: "openSignIn" },
        "redeem.cancel": { target: "idle" },
      },
    },
    /** Show this special to the service advisor; ready to redeem now? Redeem / Not Now. */
    confirming: {
      on: {
        "redeem.confirm": { target: "redeeming" },
        "redeem.cancel": { target: "idle" },
        "redeem.signedOut": { target: "idle", actions: "setSignedOut" },
      },
    },
    redeeming: {
      entry: "clearError",
      invoke: {
        src: "redeem",
        onDone: {
          target: "redeemed",
          actions: [
            assign({ redeemedAt: ({ event }) => event.output.createdAt }),
            { type: "recorded", params: ({ event }) => ({ redemption: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: "alreadyRedeemed", params: ({ event }) => ({ error: event.error }) },
            target: "alreadyRedeemed",
          },
          {
            guard: { type: "signedOutOnServer", params: ({ event }) => ({ error: event.error }) },
            target: "needsSignIn",
            actions: ["setSignedOut", "openSignIn"],
          },
          {
            target: "failed",
            actions: { type: "showError", params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** 'Redeemed', with the time when this flow recorded it. */
    redeemed: {},
    /** The server refused a second redemption: "You have already redeemed this special." */
    alreadyRedeemed: {},
    failed: {
      on: {
        "redeem.retry": [
          { guard: "signedIn", target: "redeeming" },
          { target: "needsSignIn", actions: "openSignIn" },
        ],
        "redeem.cancel": { target: "idle", actions: "clearError" },
      },
    },
  },
});

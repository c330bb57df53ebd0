import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { type RedeemEvent, type RedeemInput, type RedemptionRecord, redeemMachine } from "./redeem.ts";

const RECORD: RedemptionRecord = { id: "r1", offerId: "o1", createdAt: "2026-06-15T12:00:00.000Z" };

/** An error as the widget's client throws it: the end user's text, the HTTP status and the server's code. */
const apiError = (message: string, status: number, code?: string) =>
  Object.assign(new Error(message), { status, code });

interface Row {
  name: string;
  input: RedeemInput;
  /** What each call of the server answers, in order: a record, or an error to throw. */
  server?: (RedemptionRecord | Error)[];
  steps: RedeemEvent[];
  state: string;
  redeemedAt?: string | null;
  error?: string | null;
  signedIn?: boolean;
  /** How many times the redemption was asked of the server. */
  calls?: number;
  /** How many times the Sign In screen was opened. */
  signIns?: number;
  /** How many analytics signals were sent. */
  recorded?: number;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

async function run(row: Row) {
  const answers = [...(row.server ?? [])];
  const seen = { calls: 0, signIns: 0, recorded: 0 };
  const machine = redeemMachine.provide({
    actors: {
      redeem: fromPromise(async () => {
        seen.calls++;
        const next = answers.shift();
        if (!next) throw new Error("no answer");
        if (next instanceof Error) throw next;
        return next;
      }),
    },
    actions: {
      openSignIn: () => void seen.signIns++,
      recorded: () => void seen.recorded++,
    },
  });
  const actor = createActor(machine, { input: row.input }).start();
  for (const step of row.steps) {
    actor.send(step);
    await settle();
  }
  const snap = actor.getSnapshot();
  actor.stop();
  return { snap, ...seen };
}

const start: RedeemEvent = { type: "redeem.start" };
const confirm: RedeemEvent = { type: "redeem.confirm" };
const cancel: RedeemEvent = { type: "redeem.cancel" };
const retry: RedeemEvent = { type: "redeem.retry" };
const signedIn: RedeemEvent = { type: "redeem.signedIn" };
const signedOut: RedeemEvent = { type: "redeem.signedOut" };
const already = apiError("You have already redeemed this special.", 409, "AlreadyRedeemed");
const gone = apiError("Special not found", 404, "OfferNotFound");
const expired = apiError("Unauthorized", 401, "Unauthorized");
const offline = apiError("Network Error", 0, "network");

const IN: RedeemInput = { signedIn: true };
const OUT: RedeemInput = { signedIn: false };

const table: Row[] = [
  { name: "starts idle", input: IN, steps: [], state: "idle", calls: 0 },
  {
    name: "an offer the user redeemed before starts as redeemed, without a time",
    input: { signedIn: true, redeemed: true },
    steps: [start],
    state: "redeemed",
    redeemedAt: null,
    calls: 0,
  },
  {
    name: "signed in: Redeem asks the confirmation first",
    input: IN,
    steps: [start],
    state: "confirming",
    calls: 0,
    signIns: 0,
  },
  {
    name: "signed out: Redeem opens the Sign In screen",
    input: OUT,
    steps: [start],
    state: "needsSignIn",
    signIns: 1,
    calls: 0,
  },
  {
    name: "back from Sign In without signing in: Redeem opens it again",
    input: OUT,
    steps: [start, start],
    state: "needsSignIn",
    signIns: 2,
  },
  {
    name: "Not Now on the sign-in prompt returns to idle",
    input: OUT,
    steps: [start, cancel],
    state: "idle",
    signIns: 1,
  },
  {
    name: "signing in goes on to the confirmation",
    input: OUT,
    steps: [start, signedIn],
    state: "confirming",
    signedIn: true,
    calls: 0,
  },
  {
    name: "signed in elsewhere before pressing Redeem: straight to the confirmation",
    input: OUT,
    steps: [signedIn, start],
    state: "confirming",
    signIns: 0,
  },
  {
    name: "Not Now on the confirmation records nothing",
    input: IN,
    steps: [start, cancel],
    state: "idle",
    calls: 0,
  },
  {
    name: "signed out while confirming: back to idle, the next Redeem asks to sign in",
    input: IN,
    steps: [start, signedOut, start],
    state: "needsSignIn",
    signedIn: false,
    signIns: 1,
  },
  {
    name: "confirmed: the redemption is recorded with its time, the signal sent once",
    input: IN,
    server: [RECORD],
    steps: [start, confirm],
    state: "redeemed",
    redeemedAt: "2026-06-15T12:00:00.000Z",
    calls: 1,
    recorded: 1,
  },
  {
    name: "redeemed stays: a second Redeem asks nothing of the server",
    input: IN,
    server: [RECORD, RECORD],
    steps: [start, confirm, start, confirm],
    state: "redeemed",
    calls: 1,
    recorded: 1,
  },
  {
    name: "the server refuses a second redemption: alreadyRedeemed, no signal",
    input: IN,
    server: [already],
    steps: [start, confirm],
    state: "alreadyRedeemed",
    calls: 1,
    recorded: 0,
  },
  {
    name: "alreadyRedeemed stays",
    input: IN,
    server: [already, RECORD],
    steps: [start, confirm, start, confirm, retry],
    state: "alreadyRedeemed",
    calls: 1,
  },
  {
    name: "another failure shows its message",
    input: IN,
    server: [gone],
    steps: [start, confirm],
    state: "failed",
    error: "Special not found",
    recorded: 0,
  },
  {
    name: "Retry after a failure records it",
    input: IN,
    server: [offline, RECORD],
    steps: [start, confirm, retry],
    state: "redeemed",
    error: null,
    redeemedAt: "2026-06-15T12:00:00.000Z",
    calls: 2,
    recorded: 1,
  },
  {
    name: "Retry that fails again keeps the new message",
    input: IN,
    server: [offline, gone],
    steps: [start, confirm, retry],
    state: "failed",
    error: "Special not found",
    calls: 2,
  },
  {
    name: "Retry after an already-redeemed answer is refused by the server",
    input: IN,
    server: [offline, already],
    steps: [start, confirm, retry],
    state: "alreadyRedeemed",
    calls: 2,
  },
  {
    name: "Not Now after a failure clears it",
    input: IN,
    server: [offline],
    steps: [start, confirm, cancel],
    state: "idle",
    error: null,
  },
  {
    name: "a failure without a message keeps none (the screen says its own)",
    input: IN,
    server: [Object.assign(new Error(""), { status: 500 })],
    steps: [start, confirm],
    state: "failed",
    error: null,
  },
  {
    name: "the session ended on the server (401): sign in again, then the confirmation",
    input: IN,
    server: [expired],
    steps: [start, confirm],
    state: "needsSignIn",
    signedIn: false,
    signIns: 1,
  },
  {
    name: "after signing in again the redemption goes through",
    input: IN,
    server: [expired, RECORD],
    steps: [start, confirm, signedIn, confirm],
    state: "redeemed",
    calls: 2,
    recorded: 1,
  },
  {
    name: "signed out after a failure: Retry asks to sign in instead of calling",
    input: IN,
    server: [offline],
    steps: [start, confirm, signedOut, retry],
    state: "needsSignIn",
    calls: 1,
  },
  {
    name: "Confirm without the confirmation does nothing",
    input: IN,
    steps: [confirm],
    state: "idle",
    calls: 0,
  },
  { name: "Retry when idle does nothing", input: IN, steps: [retry], state: "idle", calls: 0 },
];

describe("redeem machine (table)", () => {
  it.each(table.map((row) => [row.name, row] as const))("%s", async (_, row) => {
    const { snap, calls, signIns, recorded } = await run(row);
    expect(snap.value).toBe(row.state);
    if (row.redeemedAt !== undefined) expect(snap.context.redeemedAt).toBe(row.redeemedAt);
    if (row.error !== undefined) expect(snap.context.error).toBe(row.error);
    if (row.signedIn !== undefined) expect(snap.context.signedIn).toBe(row.signedIn);
    if (row.calls !== undefined) expect(calls).toBe(row.calls);
    if (row.signIns !== undefined) expect(signIns).toBe(row.signIns);
    if (row.recorded !== undefined) expect(recorded).toBe(row.recorded);
  });

  it("the table reaches every state and every event", () => {
    const states = new Set(table.map((r) => r.state));
    expect([...states].sort()).toEqual(
      ["alreadyRedeemed", "confirming", "failed", "idle", "needsSignIn", "redeemed"].sort(),
    );
    const events = new Set(table.flatMap((r) => r.steps.map((s) => s.type)));
    expect([...events].sort()).toEqual(
      [
        "redeem.cancel",
        "redeem.confirm",
        "redeem.retry",
        "redeem.signedIn",
        "redeem.signedOut",
        "redeem.start",
      ].sort(),
    );
  });
});
